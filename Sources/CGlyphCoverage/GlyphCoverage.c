#include "CGlyphCoverage.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// How it works.
//
// Coverage is signed-area accumulation (as font-rs and stb_truetype do it): every edge
// adds, to the cells of each row it crosses, the area it sweeps times its direction, and
// a running sum along the row gives each pixel's exact winding-weighted area. Adding a
// shape twice counts it twice, so the magnitude is clamped to one.
//
// An outside stroke of half-width r is the outline filled, plus for every (flattened)
// edge the rectangle r wide on its outer side, plus at every convex corner the join's
// wedge between two neighbouring rectangles. Each piece is oriented as the outline is,
// so where pieces meet, their shared sides cancel in the sum, and what is left of all of
// them is one contour per outline contour: the offset contour, running along the edges r
// away, turning with the join around convex corners and, at concave ones, back through
// the corner itself. Rasterizing that contour gives the same sum as the pieces, so the
// clamp gives exact coverage everywhere except where two pieces overlap across an edge
// pixel. At concave corners they always do (the two rectangles cross); there the contour
// is cut at the crossing instead, which removes the doubled wedge exactly, whenever the
// crossing lies on both offset edges. Where it does not (an edge shorter than the cut)
// the contour keeps the way through the corner, which is still right inside the shape.
// A counter narrower than twice r is covered all over and left out.
//
// What is left: where the stroke closes a notch narrower than itself (between the stems
// of a small "m" grown by a thick outline), the bands of the notch's two sides overlap
// up to the notch's mouth, and the few edge pixels there read as covered by both, so up
// to half a pixel too much. Exact there would take a non-zero scan of those pixels,
// which measured at a fifth of this file's time for 0.03% of pixels (docs/performance.md).

typedef struct { double x, y; } point;

// A point of a flattened contour. Where an outline step ends or starts here (a corner),
// `in` and `out` are the steps' own tangents there, which the join turns between; inside
// a curve they are zero and the chords' directions are used.
typedef struct {
    double x, y;
    double in_x, in_y;
    double out_x, out_y;
} vertex;

typedef struct {
    vertex *vertices;
    size_t count, capacity;
    size_t *ends;             // index one past each contour's last vertex
    size_t contours, contour_capacity;
    size_t contour_start;
    int failed;
} polygon;

static int grow(void **buffer, size_t *capacity, size_t needed, size_t element) {
    if (needed <= *capacity) return 1;
    size_t capacity_new = *capacity ? *capacity * 2 : 16;
    while (capacity_new < needed) capacity_new *= 2;
    void *grown = realloc(*buffer, capacity_new * element);
    if (!grown) return 0;
    *buffer = grown;
    *capacity = capacity_new;
    return 1;
}

static int same(double ax, double ay, double bx, double by) {
    return fabs(ax - bx) < 1e-9 && fabs(ay - by) < 1e-9;
}

static void push(polygon *p, double x, double y, double in_x, double in_y) {
    if (p->failed) return;
    if (p->count > p->contour_start) {
        vertex *last = &p->vertices[p->count - 1];
        if (same(last->x, last->y, x, y)) {
            if (in_x != 0 || in_y != 0) { last->in_x = in_x; last->in_y = in_y; }
            return;
        }
    }
    if (p->count == p->capacity) {
        size_t capacity = p->capacity ? p->capacity * 2 : 64;
        vertex *vertices = realloc(p->vertices, capacity * sizeof(vertex));
        if (!vertices) { p->failed = 1; return; }
        p->vertices = vertices;
        p->capacity = capacity;
    }
    p->vertices[p->count++] = (vertex){x, y, in_x, in_y, 0, 0};
}

// Starts a step from (x, y) leaving in direction (dx, dy).
static void leave(polygon *p, double x, double y, double dx, double dy) {
    if (p->count == p->contour_start) push(p, x, y, 0, 0);
    if (p->failed) return;
    vertex *last = &p->vertices[p->count - 1];
    last->out_x = dx;
    last->out_y = dy;
}

static void end_contour(polygon *p) {
    if (p->failed) return;
    size_t start = p->contour_start;
    if (p->count >= start + 2) {
        vertex *first = &p->vertices[start], *last = &p->vertices[p->count - 1];
        if (same(first->x, first->y, last->x, last->y)) {
            first->in_x = last->in_x;
            first->in_y = last->in_y;
            p->count--;
        } else {
            // The implicit closing line.
            double dx = first->x - last->x, dy = first->y - last->y;
            last->out_x = first->in_x = dx;
            last->out_y = first->in_y = dy;
        }
    }
    if (p->count >= start + 2) {
        if (!grow((void **)&p->ends, &p->contour_capacity, p->contours + 1, sizeof(size_t))) { p->failed = 1; return; }
        p->ends[p->contours++] = p->count;
    } else {
        p->count = start;
    }
    p->contour_start = p->count;
}

static int segments(double deviation, double tolerance) {
    double n = ceil(sqrt(deviation / tolerance));
    if (!(n >= 1)) return 1;
    return n > 256 ? 256 : (int)n;
}

// The first of the vectors that is not zero (a curve's tangent at an end where its
// control point coincides with the end is the direction to the next one).
static point direction(double ax, double ay, double bx, double by, double cx, double cy) {
    if (ax != 0 || ay != 0) return (point){ax, ay};
    if (bx != 0 || by != 0) return (point){bx, by};
    return (point){cx, cy};
}

static void flatten(polygon *p, const uint8_t *steps, size_t step_count, const double *c, double tolerance) {
    double x = 0, y = 0, start_x = 0, start_y = 0;
    for (size_t i = 0; i < step_count; i++) {
        switch (steps[i]) {
        case GLYPH_COVERAGE_MOVE:
            end_contour(p);
            x = start_x = c[0]; y = start_y = c[1]; c += 2;
            push(p, x, y, 0, 0);
            break;
        case GLYPH_COVERAGE_LINE: {
            double ex = c[0], ey = c[1];
            c += 2;
            if (same(x, y, ex, ey)) break;
            leave(p, x, y, ex - x, ey - y);
            push(p, ex, ey, ex - x, ey - y);
            x = ex; y = ey;
            break;
        }
        case GLYPH_COVERAGE_QUADRATIC: {
            // Chords of a quadratic stray from it by at most |p0 - 2c + p2| h² / 4 for a
            // parameter step h.
            double cx = c[0], cy = c[1], ex = c[2], ey = c[3];
            c += 4;
            if (same(x, y, ex, ey) && same(x, y, cx, cy)) break;
            point start = direction(cx - x, cy - y, ex - x, ey - y, 0, 0);
            point end = direction(ex - cx, ey - cy, ex - x, ey - y, 0, 0);
            leave(p, x, y, start.x, start.y);
            double dx = x - 2 * cx + ex, dy = y - 2 * cy + ey;
            int n = segments(sqrt(dx * dx + dy * dy) / 4, tolerance);
            for (int k = 1; k < n; k++) {
                double t = (double)k / n, u = 1 - t;
                push(p, u * u * x + 2 * u * t * cx + t * t * ex, u * u * y + 2 * u * t * cy + t * t * ey, 0, 0);
            }
            push(p, ex, ey, end.x, end.y);
            x = ex; y = ey;
            break;
        }
        case GLYPH_COVERAGE_CUBIC: {
            // ... and of a cubic by at most 3/4 h² times its larger second difference.
            double c1x = c[0], c1y = c[1], c2x = c[2], c2y = c[3], ex = c[4], ey = c[5];
            c += 6;
            if (same(x, y, ex, ey) && same(x, y, c1x, c1y) && same(x, y, c2x, c2y)) break;
            point start = direction(c1x - x, c1y - y, c2x - x, c2y - y, ex - x, ey - y);
            point end = direction(ex - c2x, ey - c2y, ex - c1x, ey - c1y, ex - x, ey - y);
            leave(p, x, y, start.x, start.y);
            double d1x = x - 2 * c1x + c2x, d1y = y - 2 * c1y + c2y, d2x = c1x - 2 * c2x + ex, d2y = c1y - 2 * c2y + ey;
            double d1 = d1x * d1x + d1y * d1y, d2 = d2x * d2x + d2y * d2y;
            int n = segments(0.75 * sqrt(d1 > d2 ? d1 : d2), tolerance);
            for (int k = 1; k < n; k++) {
                double t = (double)k / n, u = 1 - t;
                double a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t;
                push(p, a * x + b * c1x + d * c2x + e * ex, a * y + b * c1y + d * c2y + e * ey, 0, 0);
            }
            push(p, ex, ey, end.x, end.y);
            x = ex; y = ey;
            break;
        }
        case GLYPH_COVERAGE_CLOSE:
            end_contour(p);
            // As in PostScript, what follows a close starts where the contour did.
            x = start_x; y = start_y;
            break;
        }
    }
    end_contour(p);
}

// The signed-area accumulator: `stride` = width + 2 cells a row, so that an edge at the
// right border still has the cell after it.
typedef struct {
    float *cells;
    int width, height, stride;
    double last_x, last_y;
    double first_x, first_y;
    int open;
} accumulator;

static void accumulate_line(accumulator *a, double x0, double y0, double x1, double y1) {
    // Not a number compares unequal to everything: such an edge adds nothing.
    if (y0 == y1 || !(x0 == x0 && x1 == x1 && y0 == y0 && y1 == y1)) return;
    float direction = 1;
    if (y0 > y1) {
        double t = x0; x0 = x1; x1 = t;
        t = y0; y0 = y1; y1 = t;
        direction = -1;
    }
    double w = a->width, h = a->height;
    // Points lie inside the mask by contract; clamping only keeps a rounding error in.
    if (x0 < 0) x0 = 0; else if (x0 > w) x0 = w;
    if (x1 < 0) x1 = 0; else if (x1 > w) x1 = w;
    if (y0 < 0) y0 = 0;
    if (y1 > h) y1 = h;
    if (y0 >= y1) return;
    double dxdy = (x1 - x0) / (y1 - y0);
    double x = x0;
    int row_end = (int)ceil(y1);
    for (int row = (int)y0; row < row_end; row++) {
        float *cells = a->cells + (size_t)row * a->stride;
        double top = row > y0 ? row : y0, bottom = row + 1 < y1 ? row + 1 : y1;
        double dy = bottom - top;
        double x_next = x + dxdy * dy;
        // Rounding can carry an edge that ends on the border a hair beyond it.
        if (x_next < 0) x_next = 0; else if (x_next > w) x_next = w;
        float d = (float)dy * direction;
        double left = x < x_next ? x : x_next, right = x < x_next ? x_next : x;
        double left_floor = floor(left);
        int li = (int)left_floor;
        int ri = (int)ceil(right);
        if (ri <= li + 1) {
            // Within one cell: the part of the swept area right of the edge's middle.
            float middle = (float)(0.5 * (x + x_next) - left_floor);
            cells[li] += d - d * middle;
            cells[li + 1] += d * middle;
        } else {
            float s = (float)(1 / (right - left));
            float lf = (float)(left - left_floor);
            float a0 = 0.5f * s * (1 - lf) * (1 - lf);
            float rf = (float)(right - ri + 1);
            float am = 0.5f * s * rf * rf;
            cells[li] += d * a0;
            if (ri == li + 2) {
                cells[li + 1] += d * (1 - a0 - am);
            } else {
                float a1 = s * (1.5f - lf);
                cells[li + 1] += d * (a1 - a0);
                for (int xi = li + 2; xi < ri - 1; xi++) cells[xi] += d * s;
                float a2 = a1 + (float)(ri - li - 3) * s;
                cells[ri - 1] += d * (1 - a2 - am);
            }
            cells[ri] += d * am;
        }
        x = x_next;
    }
}

static void move_to(accumulator *a, double x, double y) {
    a->first_x = a->last_x = x;
    a->first_y = a->last_y = y;
    a->open = 1;
}

static void line_to(accumulator *a, double x, double y) {
    accumulate_line(a, a->last_x, a->last_y, x, y);
    a->last_x = x;
    a->last_y = y;
}

static void close_contour(accumulator *a) {
    if (a->open) accumulate_line(a, a->last_x, a->last_y, a->first_x, a->first_y);
    a->open = 0;
}

static void resolve(const accumulator *a, uint8_t *out) {
    for (int row = 0; row < a->height; row++) {
        const float *cells = a->cells + (size_t)row * a->stride;
        uint8_t *line = out + (size_t)row * a->width;
        float sum = 0;
        for (int x = 0; x < a->width; x++) {
            sum += cells[x];
            float coverage = fabsf(sum);
            line[x] = coverage >= 1 ? 255 : (uint8_t)(coverage * 255 + 0.5f);
        }
    }
}

// A contour's offset edge: from `a` (r out from its first vertex) to `b` (r out from
// its last), and the fractions of it that the concave corners at either end cut away.
typedef struct {
    point a, b;
    double cut_start, cut_end;
} offset_edge;

// How a contour turns at a vertex, between the unit tangents `in` and `out`.
typedef struct {
    point in, out;
    uint8_t kind, corner;
} joint;

enum { JOINT_STRAIGHT, JOINT_CONVEX, JOINT_CONCAVE, JOINT_CUT };

static double cross(point u, point v) { return u.x * v.y - u.y * v.x; }

static point unit(point v) {
    double length = sqrt(v.x * v.x + v.y * v.y);
    return (point){v.x / length, v.y / length};
}

// The points between the ends of an arc of radius r around v that starts in the unit
// direction `from` and turns by `angle` (signed), at most `step` apart in angle.
static void emit_arc(accumulator *a, point v, double r, point from, double angle, double step) {
    int n = (int)ceil(fabs(angle) / step);
    if (n > 64) n = 64;
    for (int k = 1; k < n; k++) {
        double t = angle * k / n, c = cos(t), s = sin(t);
        line_to(a, v.x + r * (from.x * c - from.y * s), v.y + r * (from.x * s + from.y * c));
    }
}

// Accumulates the offset contour of the `n` vertices of one contour (see the top of the
// file), r out on the side away from the ink (`sign` is the outline's orientation).
static void outset_contour(accumulator *a, const vertex *v, size_t n, double sign, double r, int join,
                           double miter_limit, double tolerance, offset_edge *edges, joint *joints) {
    for (size_t i = 0; i < n; i++) {
        const vertex *here = &v[i], *before = &v[(i + n - 1) % n], *after = &v[(i + 1) % n];
        joint *j = &joints[i];
        j->corner = here->in_x != 0 || here->in_y != 0 || here->out_x != 0 || here->out_y != 0;
        j->in = unit(here->in_x != 0 || here->in_y != 0 ? (point){here->in_x, here->in_y}
                                                        : (point){here->x - before->x, here->y - before->y});
        j->out = unit(here->out_x != 0 || here->out_y != 0 ? (point){here->out_x, here->out_y}
                                                           : (point){after->x - here->x, after->y - here->y});
    }
    // The outward normal of a unit tangent t is sign * (t.y, -t.x).
    for (size_t i = 0; i < n; i++) {
        const joint *from = &joints[i], *to = &joints[(i + 1) % n];
        const vertex *start = &v[i], *end = &v[(i + 1) % n];
        edges[i] = (offset_edge){
            {start->x + r * sign * from->out.y, start->y - r * sign * from->out.x},
            {end->x + r * sign * to->in.y, end->y - r * sign * to->in.x}, 0, 0};
    }
    for (size_t i = 0; i < n; i++) {
        joint *j = &joints[i];
        double turn = sign * cross(j->in, j->out), dot = j->in.x * j->out.x + j->in.y * j->out.y;
        if (turn > 1e-9 || (turn >= -1e-9 && dot < 0)) { j->kind = JOINT_CONVEX; continue; }
        if (turn >= -1e-9) { j->kind = JOINT_STRAIGHT; continue; }
        j->kind = JOINT_CONCAVE;
        // Where the offset edges cross: a fraction s back from the end of the incoming
        // one, u on from the start of the outgoing one.
        offset_edge *incoming = &edges[(i + n - 1) % n], *outgoing = &edges[i];
        point e = {incoming->a.x - incoming->b.x, incoming->a.y - incoming->b.y};
        point f = {outgoing->b.x - outgoing->a.x, outgoing->b.y - outgoing->a.y};
        point w = {outgoing->a.x - incoming->b.x, outgoing->a.y - incoming->b.y};
        double denominator = cross(e, f);
        if (fabs(denominator) < 1e-12) continue;
        double s = cross(w, f) / denominator, u = cross(w, e) / denominator;
        if (s >= 0 && s <= 1 && u >= 0 && u <= 1) {
            j->kind = JOINT_CUT;
            incoming->cut_end = s;
            outgoing->cut_start = u;
        }
    }
    // An edge cut from both ends past itself: the crossings are not the offset contour's
    // own, so both corners go back through the vertex.
    for (size_t i = 0; i < n; i++) {
        offset_edge *e = &edges[i];
        if (e->cut_start + e->cut_end <= 1) continue;
        size_t next = (i + 1) % n;
        if (joints[i].kind == JOINT_CUT) { joints[i].kind = JOINT_CONCAVE; edges[(i + n - 1) % n].cut_end = 0; e->cut_start = 0; }
        if (joints[next].kind == JOINT_CUT) { joints[next].kind = JOINT_CONCAVE; e->cut_end = 0; edges[next].cut_start = 0; }
    }
    double round_step = tolerance < r ? 2 * acos(1 - tolerance / r) : M_PI;
    for (size_t i = 0; i < n; i++) {
        const joint *j = &joints[i];
        const offset_edge *incoming = &edges[(i + n - 1) % n], *outgoing = &edges[i];
        point here = {v[i].x, v[i].y};
        void (*first)(accumulator *, double, double) = i == 0 ? move_to : line_to;
        switch (j->kind) {
        case JOINT_CUT:
            first(a, outgoing->a.x + outgoing->cut_start * (outgoing->b.x - outgoing->a.x),
                  outgoing->a.y + outgoing->cut_start * (outgoing->b.y - outgoing->a.y));
            break;
        case JOINT_STRAIGHT:
            first(a, incoming->b.x, incoming->b.y);
            line_to(a, outgoing->a.x, outgoing->a.y);
            break;
        case JOINT_CONCAVE:
            first(a, incoming->b.x, incoming->b.y);
            line_to(a, here.x, here.y);
            line_to(a, outgoing->a.x, outgoing->a.y);
            break;
        case JOINT_CONVEX: {
            first(a, incoming->b.x, incoming->b.y);
            double dot = j->in.x * j->out.x + j->in.y * j->out.y;
            int kind = j->corner ? join : GLYPH_COVERAGE_JOIN_ROUND;
            point normal_in = {sign * j->in.y, -sign * j->in.x}, normal_out = {sign * j->out.y, -sign * j->out.x};
            if (kind == GLYPH_COVERAGE_JOIN_MITER && miter_limit * miter_limit * (1 + dot) >= 2) {
                double scale = r / (1 + dot);
                line_to(a, here.x + scale * (normal_in.x + normal_out.x), here.y + scale * (normal_in.y + normal_out.y));
            } else if (kind == GLYPH_COVERAGE_JOIN_ROUND) {
                // Convex: the arc turns the way the outline winds, also at a reversal,
                // where the sign of the cross product is rounding's.
                emit_arc(a, here, r, normal_in, sign * fabs(atan2(cross(j->in, j->out), dot)), round_step);
            }
            line_to(a, outgoing->a.x, outgoing->a.y);
            break;
        }
        }
    }
    close_contour(a);
}

// How many times the closed polygon of `n` vertices winds around `probe` (non-zero
// counting: upward crossings right of it count one way, downward ones the other).
static int winding_number(const vertex *v, size_t n, point probe) {
    int winding = 0;
    for (size_t i = 0; i < n; i++) {
        const vertex *u = &v[i], *w = &v[(i + 1) % n];
        double side = (w->x - u->x) * (probe.y - u->y) - (probe.x - u->x) * (w->y - u->y);
        if (u->y <= probe.y) {
            if (w->y > probe.y && side > 0) winding++;
        } else if (w->y <= probe.y && side < 0) {
            winding--;
        }
    }
    return winding;
}

int glyph_coverage(const uint8_t *steps, size_t step_count, const double *coordinates,
                   double outset, int join, double miter_limit, double tolerance,
                   uint8_t *out, int width, int height) {
    if (width <= 0 || height <= 0) return 0;
    if (!(tolerance >= 1e-4)) tolerance = 1e-4;
    polygon p = {0};
    flatten(&p, steps, step_count, coordinates, tolerance);
    accumulator a = {0};
    a.width = width;
    a.height = height;
    a.stride = width + 2;
    a.cells = calloc((size_t)a.stride * (size_t)height + 1, sizeof(float));
    int status = 0;
    if (p.failed || !a.cells) { status = -1; goto done; }
    if (outset <= 0) {
        size_t start = 0;
        for (size_t c = 0; c < p.contours; c++) {
            move_to(&a, p.vertices[start].x, p.vertices[start].y);
            for (size_t i = start + 1; i < p.ends[c]; i++) line_to(&a, p.vertices[i].x, p.vertices[i].y);
            close_contour(&a);
            start = p.ends[c];
        }
    } else {
        // Which side the ink is on: the outline's net orientation (TrueType and CFF wind
        // their outer contours opposite ways).
        double area = 0;
        size_t start = 0, longest = 0;
        for (size_t c = 0; c < p.contours; c++) {
            size_t n = p.ends[c] - start;
            if (n > longest) longest = n;
            for (size_t i = 0; i < n; i++) {
                vertex u = p.vertices[start + i], v = p.vertices[start + (i + 1) % n];
                area += u.x * v.y - v.x * u.y;
            }
            start = p.ends[c];
        }
        double sign = area < 0 ? -1 : 1;
        offset_edge *edges = malloc(longest * sizeof(offset_edge));
        joint *joints = malloc(longest * sizeof(joint));
        if (!edges || !joints) {
            free(edges);
            free(joints);
            status = -1;
            goto done;
        }
        start = 0;
        for (size_t c = 0; c < p.contours; c++) {
            const vertex *v = p.vertices + start;
            size_t n = p.ends[c] - start;
            start = p.ends[c];
            // A counter (a contour wound against the outline) no wider than the stroke,
            // one way or the other, is covered all over: every point of it lies within
            // `outset` of its sides. Leaving it out fills it without counting the stroke
            // inside it twice.
            double contour_area = 0, min_x = v[0].x, max_x = v[0].x, min_y = v[0].y, max_y = v[0].y;
            for (size_t i = 0; i < n; i++) {
                contour_area += v[i].x * v[(i + 1) % n].y - v[(i + 1) % n].x * v[i].y;
                min_x = fmin(min_x, v[i].x); max_x = fmax(max_x, v[i].x);
                min_y = fmin(min_y, v[i].y); max_y = fmax(max_y, v[i].y);
            }
            double side = sign;
            if (contour_area * sign < 0) {
                // Wound against the outline: a counter when it lies inside other ink,
                // else a part drawn mirrored (a flipped component), whose ink is on the
                // other side.
                point probe = {(v[0].x + v[1].x) / 2, (v[0].y + v[1].y) / 2};
                int winding = 0;
                for (size_t other = 0, other_start = 0; other < p.contours; other_start = p.ends[other++]) {
                    if (p.vertices + other_start != v) winding += winding_number(p.vertices + other_start, p.ends[other] - other_start, probe);
                }
                if (winding == 0) {
                    side = -sign;
                } else if (fmin(max_x - min_x, max_y - min_y) <= 2 * outset) {
                    continue;
                }
            }
            outset_contour(&a, v, n, side, outset, join, miter_limit, tolerance, edges, joints);
        }
        free(edges);
        free(joints);
    }
    resolve(&a, out);
done:
    free(a.cells);
    free(p.vertices);
    free(p.ends);
    return status;
}
