"""Lays label images out in rows on one sheet, for the README's pictures."""
from PIL import Image


def compose(rows, background, gap, centred=True):
    """A sheet holding `rows` (lists of RGBA images), `gap` pixels apart and from the
    edges; each row centred, or from the left edge."""
    width = max(sum(im.width for im in row) + gap * (len(row) + 1) for row in rows)
    height = sum(max(im.height for im in row) for row in rows) + gap * (len(rows) + 1)
    sheet = Image.new("RGBA", (width, height), background)
    y = gap
    for row in rows:
        used = sum(im.width for im in row) + gap * (len(row) - 1)
        x = (width - used) // 2 if centred else gap
        for im in row:
            sheet.alpha_composite(im, (x, y))
            x += im.width + gap
        y += max(im.height for im in row) + gap
    return sheet
