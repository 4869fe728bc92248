/* How long the analytic outside outline of one label takes, with Cairo (as Labelgen
 * draws it: the glyphs' path stroked 8 px wide with bevel joins, then filled, into an A8
 * mask) and with FreeType (each glyph's outside border from FT_Stroker, all of them
 * rendered at once by its anti-aliasing rasterizer), on the same Noto Sans Bold glyphs
 * at 48 px. Glyph outlines are loaded before timing. It writes cairo.png and ft.png to
 * compare the two masks.
 *
 *   cc -O2 Benchmarks/stroke-cost.c -o stroke-cost $(pkg-config --cflags --libs freetype2 cairo)
 *   ./stroke-cost Fonts/NotoSans-Bold.ttf "Highest combo: 128"
 */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_STROKER_H
#include FT_OUTLINE_H
#include FT_GLYPH_H
#include <cairo.h>
#include <cairo-ft.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W 544
#define H 184
static unsigned char mask[W * H];

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

static void spans(int y, int count, const FT_Span *s, void *user) {
    (void)user;
    int row = H - 1 - y;  /* FreeType y is up */
    if (row < 0 || row >= H) return;
    for (int i = 0; i < count; i++) {
        int x = s[i].x, len = s[i].len;
        if (x < 0) { len += x; x = 0; }
        if (x + len > W) len = W - x;
        if (len > 0) memset(mask + row * W + x, s[i].coverage, len);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) { fputs("usage: stroke-cost FONT [TEXT]\n", stderr); return 2; }
    const char *text = argc > 2 ? argv[2] : "Highest combo: 128";
    FT_Library lib; FT_Init_FreeType(&lib);
    FT_Face face; if (FT_New_Face(lib, argv[1], 0, &face)) { puts("face"); return 1; }
    FT_Set_Char_Size(face, 48 * 64, 0, 72, 72);
    int n = strlen(text) < 64 ? (int)strlen(text) : 64;
    FT_UInt gids[64]; double xs[64]; double x = 40;
    for (int i = 0; i < n; i++) {
        gids[i] = FT_Get_Char_Index(face, text[i]);
        FT_Load_Glyph(face, gids[i], FT_LOAD_NO_HINTING);
        xs[i] = x; x += face->glyph->advance.x / 64.0;
    }
    int iters = 300;
    /* Cairo: glyph path, 8 px bevel stroke + fill into A8 */
    cairo_font_face_t *cf = cairo_ft_font_face_create_for_ft_face(face, FT_LOAD_NO_HINTING);
    cairo_glyph_t cg[64]; for (int i = 0; i < n; i++) { cg[i].index = gids[i]; cg[i].x = xs[i]; cg[i].y = 110; }
    double t0 = now();
    for (int it = 0; it < iters; it++) {
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8, W, H);
        cairo_t *cr = cairo_create(s);
        cairo_set_font_face(cr, cf); cairo_set_font_size(cr, 48);
        cairo_glyph_path(cr, cg, n);
        cairo_set_line_width(cr, 8); cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL);
        cairo_stroke_preserve(cr); cairo_fill(cr);
        if (it == 0) cairo_surface_write_to_png(s, "cairo.png");
        cairo_destroy(cr); cairo_surface_destroy(s);
    }
    double tc = (now() - t0) / iters;
    /* FreeType: outside border of each glyph, one outline, gray raster via spans */
    FT_Stroker st; FT_Stroker_New(lib, &st);
    FT_Stroker_Set(st, 4 * 64, FT_STROKER_LINECAP_ROUND, FT_STROKER_LINEJOIN_BEVEL, 0);
    FT_Glyph cached[64];
    for (int i = 0; i < n; i++) { FT_Load_Glyph(face, gids[i], FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP); FT_Get_Glyph(face->glyph, &cached[i]); }
    double tstroke = 0, trender = 0;
    t0 = now();
    for (int it = 0; it < iters; it++) {
        double a = now();
        memset(mask, 0, sizeof mask);
        /* gather all borders into one outline */
        FT_Outline all; FT_Outline_New(lib, 8000, 400, &all); all.n_points = 0; all.n_contours = 0;
        for (int i = 0; i < n; i++) {
            FT_Glyph g; FT_Glyph_Copy(cached[i], &g);
            FT_Glyph_StrokeBorder(&g, st, 0, 1);
            FT_Outline *o = &((FT_OutlineGlyph)g)->outline;
            if (all.n_points + o->n_points > 8000 || all.n_contours + o->n_contours > 400) {
                fputs("text too long for this measurement\n", stderr);
                return 1;
            }
            FT_Outline_Translate(o, (FT_Pos)(xs[i] * 64), (FT_Pos)((H - 110) * 64));
            for (int p = 0; p < o->n_points; p++) { all.points[all.n_points + p] = o->points[p]; all.tags[all.n_points + p] = o->tags[p]; }
            for (int c = 0; c < o->n_contours; c++) all.contours[all.n_contours + c] = o->contours[c] + all.n_points;
            all.n_points += o->n_points; all.n_contours += o->n_contours;
            FT_Done_Glyph(g);
        }
        double b = now(); tstroke += b - a;
        FT_Raster_Params params; memset(&params, 0, sizeof params);
        params.source = &all; params.flags = FT_RASTER_FLAG_AA | FT_RASTER_FLAG_DIRECT | FT_RASTER_FLAG_CLIP;
        params.gray_spans = spans; params.clip_box.xMin = 0; params.clip_box.yMin = 0; params.clip_box.xMax = W; params.clip_box.yMax = H;
        FT_Outline_Render(lib, &all, &params);
        trender += now() - b;
        FT_Outline_Done(lib, &all);
        if (it == 0) { cairo_surface_t *s = cairo_image_surface_create_for_data(mask, CAIRO_FORMAT_A8, W, H, W); cairo_surface_write_to_png(s, "ft.png"); cairo_surface_destroy(s); }
    }
    double tf = (now() - t0) / iters;
    printf("stroke %.3f ms render %.3f ms\n", tstroke / iters * 1000, trender / iters * 1000);
    printf("%d glyphs: cairo stroke+fill %.3f ms, freetype border+render %.3f ms, ratio %.2f\n", n, tc * 1000, tf * 1000, tc / tf);
    return 0;
}
