/*
 * sdl_draw.c — sdl_carousel's drawing: the colours, a 5 x 7 bitmap font, each element kind's
 * style, and a frame of the visible elements in the library's z order, scale and alpha
 * (examples-c/sdl_carousel.c is the program; sdl_carousel.h its shared state).
 */
#include "sdl_carousel.h"

/* ---------------------------------------------------------------------------------------------
 * Colours
 * ------------------------------------------------------------------------------------------- */

/*
 * Cards of orthogonal sections take the colour of their item index modulo 8: scripts/test-sdl.sh
 * reads a screenshot's card colours with this table (keep the two in step).
 */
static const color card_palette[8] = {
    {0, 122, 255, 255},  {255, 59, 48, 255},  {52, 199, 89, 255},  {255, 149, 0, 255},
    {175, 82, 222, 255}, {48, 176, 199, 255}, {162, 132, 94, 255}, {255, 204, 0, 255},
};

static const color screen_color = {242, 242, 247, 255};
static const color tile_ink = {28, 28, 30, 255};
static const color row_color = {255, 255, 255, 255};
static const color header_color = {58, 58, 60, 255};
static const color footer_color = {174, 174, 178, 255};
static const color badge_color = {255, 45, 145, 255};
static const color background_color = {209, 217, 235, 255};
static const color white = {255, 255, 255, 255};
static const color dot_on = {60, 60, 67, 255};
static const color dot_off = {199, 199, 204, 255};
static const color indicator_color = {0, 0, 0, 110};
static const color shadow_color = {0, 0, 0, 60};

/* A lighter shade of a colour: `amount` of the way to white. */
static color tint(color c, double amount) {
  color out = {(Uint8)(c.r + (255 - c.r) * amount), (Uint8)(c.g + (255 - c.g) * amount),
               (Uint8)(c.b + (255 - c.b) * amount), c.a};
  return out;
}

/* ---------------------------------------------------------------------------------------------
 * A 5 x 7 bitmap font: digits, capitals and a little punctuation, one byte a row (bit 4 left).
 * ------------------------------------------------------------------------------------------- */

#define GLYPH_W 5
#define GLYPH_H 7

static const char glyph_chars[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-.:/#";
static const Uint8 glyph_rows[][GLYPH_H] = {
    {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E}, /* 0 */
    {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E}, /* 1 */
    {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F}, /* 2 */
    {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E}, /* 3 */
    {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02}, /* 4 */
    {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E}, /* 5 */
    {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E}, /* 6 */
    {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08}, /* 7 */
    {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E}, /* 8 */
    {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C}, /* 9 */
    {0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11}, /* A */
    {0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E}, /* B */
    {0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E}, /* C */
    {0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C}, /* D */
    {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F}, /* E */
    {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10}, /* F */
    {0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F}, /* G */
    {0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11}, /* H */
    {0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E}, /* I */
    {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C}, /* J */
    {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11}, /* K */
    {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F}, /* L */
    {0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11}, /* M */
    {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11}, /* N */
    {0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}, /* O */
    {0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10}, /* P */
    {0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D}, /* Q */
    {0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11}, /* R */
    {0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E}, /* S */
    {0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}, /* T */
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}, /* U */
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04}, /* V */
    {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A}, /* W */
    {0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11}, /* X */
    {0x11, 0x11, 0x0A, 0x04, 0x04, 0x04, 0x04}, /* Y */
    {0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F}, /* Z */
    {0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00}, /* - */
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C}, /* . */
    {0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00}, /* : */
    {0x01, 0x01, 0x02, 0x04, 0x08, 0x10, 0x10}, /* / */
    {0x0A, 0x0A, 0x1F, 0x0A, 0x1F, 0x0A, 0x0A}, /* # */
};

/* The rows of a character's glyph, or NULL for a blank (space and unknown characters). */
static const Uint8 *glyph(char c) {
  if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
  const char *at = c ? strchr(glyph_chars, c) : NULL;
  return at ? glyph_rows[at - glyph_chars] : NULL;
}

/* ---------------------------------------------------------------------------------------------
 * Drawing
 * ------------------------------------------------------------------------------------------- */

/* Names each element kind's style once (kinds do not change while the program runs). */
int load_kinds(app *a) {
  if (sl_layout_get_element_kind_count(a->layout, &a->kind_count) != SL_OK)
    return library_failed("cannot count the element kinds");
  a->kinds = calloc(a->kind_count ? (size_t)a->kind_count : 1, sizeof *a->kinds);
  if (!a->kinds) return fprintf(stderr, PROGRAM ": out of memory\n"), -1;
  for (int32_t k = 0; k < a->kind_count; k++) {
    const char *name = NULL;
    kind_style *style = &a->kinds[k];
    if (sl_layout_get_element_kind_name(a->layout, k, &name) != SL_OK)
      return library_failed("cannot name an element kind");
    snprintf(style->label, sizeof style->label, "%s", name);
    for (char *c = style->label; *c; c++)
      if (*c >= 'a' && *c <= 'z') *c = (char)(*c - 'a' + 'A');
    style->ink = tile_ink;
    style->font = 2;
    if (strcmp(name, "title") == 0) {
      style->outline = 1;
      style->font = 5;
    } else if (strcmp(name, "header") == 0) {
      style->fill = header_color;
      style->ink = white;
    } else if (strcmp(name, "footer") == 0) {
      style->fill = footer_color;
    } else if (strcmp(name, "badge") == 0) {
      style->fill = badge_color;
      style->ink = white;
      style->label[0] = '\0'; /* badges show their item's number */
    } else if (strcmp(name, "background") == 0) {
      style->fill = background_color;
      style->label[0] = '\0';
    } else { /* any other kind: a colour of its own, from its name */
      unsigned hash = 5381;
      for (const char *c = name; *c; c++) hash = hash * 33 + (unsigned char)*c;
      style->fill = tint(card_palette[hash % 8], 0.6);
    }
  }
  return 0;
}

static int pixel(const app *a, double points) {
  double p = points * a->zoom;
  if (p < -1e6) p = -1e6;
  if (p > 1e6) p = 1e6;
  return (int)lround(p);
}

/* Fills a rect given in screen points; each edge is rounded on its own, so rects meet. */
static void fill(app *a, double x, double y, double w, double h, color c) {
  int x0 = pixel(a, x), y0 = pixel(a, y), x1 = pixel(a, x + w), y1 = pixel(a, y + h);
  SDL_Rect r = {x0, y0, x1 - x0, y1 - y0};
  if (r.w <= 0 || r.h <= 0 || c.a == 0) return;
  if (SDL_SetRenderDrawColor(a->renderer, c.r, c.g, c.b, c.a) != 0 ||
      SDL_RenderFillRect(a->renderer, &r) != 0)
    a->draw_failed = 1;
}

/* Draws text with the bitmap font, `size` points a font pixel, its top-left at (x, y). */
static void text(app *a, const char *s, double x, double y, double size, color c) {
  for (; *s; s++, x += (GLYPH_W + 1) * size) {
    const Uint8 *rows = glyph(*s);
    for (int row = 0; rows && row < GLYPH_H; row++)
      for (int col = 0; col < GLYPH_W; col++)
        if (rows[row] & (0x10 >> col)) fill(a, x + col * size, y + row * size, size, size, c);
  }
}

static void clip(app *a, double x, double y, double w, double h) {
  int x0 = pixel(a, x), y0 = pixel(a, y), x1 = pixel(a, x + w), y1 = pixel(a, y + h);
  SDL_Rect r = {x0, y0, x1 > x0 ? x1 - x0 : 0, y1 > y0 ? y1 - y0 : 0};
  if (SDL_RenderSetClipRect(a->renderer, &r) != 0) a->draw_failed = 1;
}

static void unclip(app *a) {
  if (SDL_RenderSetClipRect(a->renderer, NULL) != 0) a->draw_failed = 1;
}

static color faded(color c, double alpha) {
  if (alpha < 0) alpha = 0;
  if (alpha > 1) alpha = 1;
  c.a = (Uint8)lround(c.a * alpha);
  return c;
}

/* Which scroller (if any) is section `section`'s own orthogonal scroll. */
static int is_orthogonal(const app *a, int32_t section) {
  for (int i = 1; i < a->scroller_count; i++)
    if (a->scrollers[i].container == section) return 1;
  return 0;
}

/* Draws one element in screen points: its frame scaled about its centre, as UIView.transform. */
static int draw_element(app *a, const sl_element *e, double main_offset) {
  double sx = e->transform.a, sy = e->transform.d;
  double w = e->frame.width * sx, h = e->frame.height * sy;
  double x = e->frame.x + e->frame.width / 2 + e->transform.tx - w / 2;
  double y = e->frame.y + e->frame.height / 2 + e->transform.ty - h / 2;
  char label[48];
  if (a->scrollers[0].horizontal)
    x -= main_offset;
  else
    y -= main_offset;

  if (e->category == SL_ELEMENT_CELL) {
    sl_section_info info;
    if (is_orthogonal(a, e->section)) { /* a card: its index's colour, its number large */
      fill(a, x, y, w, h, faded(card_palette[e->item % 8], e->alpha));
      clip(a, x, y, w, h);
      snprintf(label, sizeof label, "%lld", (long long)e->item);
      text(a, label, x + 14 * sx, y + 14 * sy, 6 * sx, faded(white, e->alpha));
      text(a, "FEATURED", x + 14 * sx, y + h - 28 * sy, 2 * sx, faded(white, e->alpha));
      unclip(a);
      return 0;
    }
    if (sl_layout_get_section_info(a->layout, e->section, &info) != SL_OK)
      return library_failed("cannot read a section");
    if (info.items_per_group > 1) { /* a tile of a grid */
      fill(a, x, y, w, h, faded(tint(card_palette[e->item % 8], 0.55), e->alpha));
      snprintf(label, sizeof label, "%lld", (long long)e->item);
      clip(a, x, y, w, h);
      text(a, label, x + 8 * sx, y + 8 * sy, 3 * sx, faded(tile_ink, e->alpha));
      unclip(a);
    } else { /* a row of a list: an icon and a name */
      double icon = h - 16 * sy;
      fill(a, x, y, w, h, faded(row_color, e->alpha));
      fill(a, x + 8 * sx, y + 8 * sy, icon, icon, faded(card_palette[e->item % 8], e->alpha));
      snprintf(label, sizeof label, "ROW %lld", (long long)e->item);
      clip(a, x, y, w, h);
      text(a, label, x + 16 * sx + icon, y + h / 2 - 7 * sy, 2 * sx, faded(tile_ink, e->alpha));
      unclip(a);
    }
    return 0;
  }

  const kind_style *style =
      e->kind >= 0 && e->kind < a->kind_count ? &a->kinds[e->kind] : NULL;
  if (!style) return 0;
  if (!style->outline) fill(a, x, y, w, h, faded(style->fill, e->alpha));
  if (e->flags & SL_ELEMENT_FLAG_PINNED) fill(a, x, y + h, w, 2, faded(shadow_color, e->alpha));
  if (style->label[0] == '\0' && e->category != SL_ELEMENT_SUPPLEMENTARY) return 0;
  if (style->label[0] == '\0') /* a badge: its item's number */
    snprintf(label, sizeof label, "%lld", (long long)(e->item % 10));
  else if (e->section >= 0)
    snprintf(label, sizeof label, "%s %d", style->label, (int)e->section);
  else
    snprintf(label, sizeof label, "%s", style->label);
  double size = style->font * sy;
  double text_w = (strlen(label) * (GLYPH_W + 1) - 1) * size;
  double tx = style->label[0] ? x + 8 * sx : x + (w - text_w) / 2;
  clip(a, x, y, w, h);
  text(a, label, tx, y + (h - GLYPH_H * size) / 2, size, faded(style->ink, e->alpha));
  unclip(a);
  return 0;
}

static int compare_entries(const void *l, const void *r) {
  const draw_entry *a = l, *b = r;
  if (a->z != b->z) return a->z < b->z ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

/* The visible rect's elements, into the app's buffer (grown as needed). A looping container
 * gives an element for each copy on screen (same section and item, its own `copy` and frame):
 * each frame draws the list as it comes, and nothing is kept by (section, item) between frames,
 * so copies need nothing of their own; a host that keeps views keys them by all three. */
static int visible_elements(app *a, double main_offset, size_t *out_count) {
  sl_rect rect = {0, 0, a->width, a->height};
  if (a->scrollers[0].horizontal)
    rect.x = main_offset;
  else
    rect.y = main_offset;
  for (;;) {
    size_t count = 0;
    int status = sl_layout_get_elements_in_rect(a->layout, rect, a->elements,
                                                a->element_capacity, &count);
    if (status == SL_OK && (count == 0 || a->elements)) {
      *out_count = count;
      return 0;
    }
    if (status != SL_OK && status != SL_EBUFS)
      return library_failed("cannot list the visible elements");
    /* Two-call pattern: the count came back; grow the buffers (with room to spare). */
    size_t capacity = count < 32 ? 64 : count * 2;
    sl_element *bigger = realloc(a->elements, capacity * sizeof *bigger);
    if (bigger) a->elements = bigger;
    draw_entry *order = realloc(a->order, capacity * sizeof *order);
    if (order) a->order = order;
    if (!bigger || !order) return fprintf(stderr, PROGRAM ": out of memory\n"), -1;
    a->element_capacity = capacity;
  }
}

/* Page dots under each horizontal orthogonal section with a few rest positions. */
static int draw_page_dots(app *a, double main_offset) {
  for (int i = 1; i < a->scroller_count && !a->scrollers[0].horizontal; i++) {
    scroller *s = &a->scrollers[i];
    sl_section_info info;
    sl_snap_position position;
    double offset;
    if (!s->horizontal || s->snap_count < 2 || s->snap_count > 24) continue;
    if (sl_layout_get_section_info(a->layout, s->container, &info) != SL_OK)
      return library_failed("cannot read a section");
    if (scroller_offset(a, s, &offset)) return -1;
    if (sl_layout_get_snap_position(a->layout, s->container, offset, &position) != SL_OK)
      return library_failed("cannot read a rest position");
    double left = info.frame.x + (info.frame.width - (s->snap_count * 12.0 - 6)) / 2;
    /* Under the copy of the section on screen when the main scroll loops. */
    double top = info.frame.y + info.frame.height + 9 - main_offset +
                 main_copy_shift(a, main_offset, info.frame.y, info.frame.height + 15);
    for (int64_t k = 0; k < s->snap_count; k++)
      fill(a, left + k * 12.0, top, 6, 6, k == position.index ? dot_on : dot_off);
  }
  return 0;
}

/* Draws one frame: every visible element in z order, page dots and the scroll indicator. */
int draw(app *a) {
  scroller *main = &a->scrollers[0];
  double main_offset;
  size_t count = 0;
  a->draw_failed = 0;
  if (scroller_offset(a, main, &main_offset) || visible_elements(a, main_offset, &count))
    return -1;
  a->element_count = count;
  if (SDL_SetRenderDrawBlendMode(a->renderer, SDL_BLENDMODE_BLEND) != 0 ||
      SDL_SetRenderDrawColor(a->renderer, screen_color.r, screen_color.g, screen_color.b, 255) !=
          0 ||
      SDL_RenderClear(a->renderer) != 0)
    return sdl_failed("cannot clear the frame");
  for (size_t i = 0; i < count; i++) a->order[i] = (draw_entry){a->elements[i].z_index, i};
  if (count) qsort(a->order, count, sizeof *a->order, compare_entries);
  for (size_t i = 0; i < count; i++) {
    const sl_element *e = &a->elements[a->order[i].index];
    if (e->flags & SL_ELEMENT_FLAG_HIDDEN) continue;
    if (draw_element(a, e, main_offset)) return -1;
  }
  if (draw_page_dots(a, main_offset)) return -1;
  int dragging_main = a->touch.state == TOUCH_DRAGGING && a->touch.scroller == 0;
  if ((main->moving || dragging_main) && main->max_offset > main->min_offset) {
    double viewport = main->horizontal ? a->width : a->height;
    /* A looping main scroll: its bounds are one lap, and the indicator shows the offset in it. */
    double span = main->max_offset - main->min_offset;
    double content = main->loops ? span : span + viewport;
    double shown = main->loops ? main_offset - floor((main_offset - main->min_offset) / span) * span
                               : main_offset;
    double length = fmax(24, viewport * viewport / content);
    double at = (shown - main->min_offset) / span * (viewport - length);
    if (main->horizontal)
      fill(a, at, a->height - 5, length, 3, indicator_color);
    else
      fill(a, a->width - 5, at, 3, length, indicator_color);
  }
  if (a->draw_failed) return sdl_failed("cannot draw");
  return 0;
}

/* Writes what the renderer shows as a 24-bit BMP. */
int screenshot(app *a, const char *path) {
  int w, h;
  if (SDL_GetRendererOutputSize(a->renderer, &w, &h) != 0)
    return sdl_failed("cannot read the output size");
  /* No alpha channel: SDL_SaveBMP writes it as a plain 24-bit BMP. */
  SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
  if (!shot) return sdl_failed("cannot create a surface for the screenshot");
  int status = 0;
  if (SDL_RenderReadPixels(a->renderer, NULL, shot->format->format, shot->pixels, shot->pitch) !=
      0)
    status = sdl_failed("cannot read the frame");
  else if (SDL_SaveBMP(shot, path) != 0)
    status = sdl_failed(path);
  SDL_FreeSurface(shot);
  return status;
}
