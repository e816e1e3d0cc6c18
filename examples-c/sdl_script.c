/*
 * sdl_script.c — sdl_carousel's script mode: a session file replayed on a virtual 60 Hz clock,
 * its commands and expectations (docs/SDL-EXAMPLE.md); the program is examples-c/sdl_carousel.c.
 */
#include "sdl_carousel.h"

/* ---------------------------------------------------------------------------------------------
 * Script mode
 * ------------------------------------------------------------------------------------------- */


static double clock_now(const player *p) { return p->frame / FRAME_RATE; }

/* A script error (bad syntax: exit 2) or a failed expectation (exit 1). */
static int script_error(const player *p, int status, const char *format, const char *detail) {
  fprintf(stderr, PROGRAM ": %s:%d: ", p->path, p->line);
  fprintf(stderr, format, detail);
  fputc('\n', stderr);
  return status;
}

/* The current frame: motions advance to the clock, the frame is drawn (and shown). */
static int render_frame(player *p) {
  app *a = p->app;
  if (advance(a, clock_now(p)) || draw(a)) return 1;
  if (!p->window) return 0;
  SDL_RenderPresent(a->renderer);
  SDL_Event event;
  while (SDL_PollEvent(&event))
    if (event.type == SDL_QUIT ||
        (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_ESCAPE))
      p->quit = 1;
  Uint64 due = p->shown_at + 1000 / (Uint64)FRAME_RATE, now = SDL_GetTicks64();
  if (p->paced && now < due) SDL_Delay((Uint32)(due - now));
  p->shown_at = SDL_GetTicks64();
  return 0;
}

/* One frame: the clock moves 1/60 s. */
static int step(player *p) {
  p->frame++;
  return render_frame(p);
}

static int frames_for(double ms) {
  double frames = ms * FRAME_RATE / 1000;
  return frames < 0.5 ? 0 : (int)lround(frames);
}

int parse_double(const char *text, double *out) {
  char *end;
  errno = 0;
  *out = text ? strtod(text, &end) : 0;
  return text && errno == 0 && end != text && *end == '\0' && isfinite(*out);
}

/* "main" or a section index -> the index of its scroller in the app. */
static int find_scroller(const app *a, const char *name, int *out) {
  long section;
  char *end;
  if (!name) return 0;
  if (strcmp(name, "main") == 0) {
    *out = 0;
    return 1;
  }
  section = strtol(name, &end, 10);
  if (end == name || *end) return 0;
  for (int i = 1; i < a->scroller_count; i++)
    if (a->scrollers[i].container == section) {
      *out = i;
      return 1;
    }
  return 0;
}

static int print_state(player *p) {
  app *a = p->app;
  for (int i = 0; i < a->scroller_count; i++) {
    scroller *s = &a->scrollers[i];
    sl_snap_position position;
    char name[32];
    double offset;
    if (scroller_offset(a, s, &offset)) return -1;
    container_name(s, name, sizeof name);
    printf("t=%.3f %s offset %.2f [%.2f, %.2f]", clock_now(p), name, tidy(offset),
           tidy(s->min_offset), tidy(s->max_offset));
    if (s->loops) printf(" loop %.2f", s->period); /* the bounds are one lap */
    if (s->snap_count > 0) {
      if (sl_layout_get_snap_position(a->layout, s->container, offset, &position) != SL_OK)
        return library_failed("cannot read a rest position");
      printf(" rest %lld", (long long)position.index);
      if (position.item >= 0) printf(" item %lld", (long long)position.item);
    }
    printf(" %s\n", s->moving ? "moving" : "at rest");
  }
  return 0;
}

/* expect-centred SECTION ITEM: the section rests with that item on its rest position. */
static int expect_centred(player *p, char **args) {
  app *a = p->app;
  double item, offset, target;
  int index;
  int64_t snap = -1;
  if (!find_scroller(a, args[0], &index) || index == 0 || !parse_double(args[1], &item) ||
      args[2])
    return script_error(p, 2, "%s", "usage: expect-centred SECTION ITEM");
  scroller *s = &a->scrollers[index];
  if (scroller_offset(a, s, &offset)) return 1;
  if (sl_layout_get_offset_for_item(a->layout, s->container, s->container, (int64_t)item,
                                    &target, &snap) != SL_OK)
    return library_failed("cannot find an item's offset"), 1;
  if (!s->moving && fabs(offset - target) < 0.5) return 0;
  char detail[160];
  snprintf(detail, sizeof detail, "section %s: item %.0f rests at %.2f, the section is %s at %.2f",
           args[0], item, target, s->moving ? "moving" : "at rest", offset);
  return script_error(p, 1, "expectation failed: %s", detail);
}

/* expect-offset CONTAINER VALUE [TOLERANCE] and expect-rest CONTAINER. */
static int expect_offset(player *p, char **args, int rest) {
  app *a = p->app;
  double value = 0, tolerance = 0.01, offset;
  int index;
  char detail[200];
  if (!find_scroller(a, args[0], &index) ||
      (!rest &&
       (!parse_double(args[1], &value) || (args[2] && !parse_double(args[2], &tolerance)))) ||
      (rest && args[1]))
    return script_error(p, 2, "%s",
                        rest ? "usage: expect-rest CONTAINER"
                             : "usage: expect-offset CONTAINER VALUE [TOLERANCE]");
  scroller *s = &a->scrollers[index];
  if (scroller_offset(a, s, &offset)) return 1;
  if (!rest) {
    if (fabs(offset - value) <= tolerance) return 0;
    snprintf(detail, sizeof detail, "%s is at %.3f, not %.3f +- %g", args[0], offset, value,
             tolerance);
    return script_error(p, 1, "expectation failed: %s", detail);
  }
  /* At rest: no motion, no finger, within the bounds (a loop: re-based into its canonical lap,
   * [min_offset, max_offset)), on a rest position if it has any. */
  int ok = !s->moving && p->app->touch.state == TOUCH_NONE && offset >= s->min_offset - 1e-9 &&
           (s->loops ? offset < s->max_offset : offset <= s->max_offset + 1e-9);
  if (ok && s->snap_count > 0) {
    sl_snap_position position;
    double snapped;
    size_t count = 0;
    if (sl_layout_get_snap_position(a->layout, s->container, offset, &position) != SL_OK)
      return library_failed("cannot read a rest position"), 1;
    int status = sl_layout_get_snap_offsets(a->layout, s->container, position.index, &snapped, 1,
                                            &count);
    if (status != SL_OK && status != SL_EBUFS)
      return library_failed("cannot read a rest offset"), 1;
    ok = fabs(snapped - offset) < 1e-6;
  }
  if (ok) return 0;
  snprintf(detail, sizeof detail, "%s is %s at %.3f (%s %.3f ... %.3f)", args[0],
           s->moving ? "moving" : "not at a rest position", offset, s->loops ? "lap" : "bounds",
           s->min_offset, s->max_offset);
  return script_error(p, 1, "expectation failed: %s", detail);
}

/* expect-moving CONTAINER: a motion runs on it (a fling a resize must not stop). */
static int expect_moving(player *p, const char *name) {
  int index;
  char detail[120];
  if (!find_scroller(p->app, name, &index))
    return script_error(p, 2, "%s", "usage: expect-moving CONTAINER");
  if (p->app->scrollers[index].moving) return 0;
  snprintf(detail, sizeof detail, "%s is at rest", name);
  return script_error(p, 1, "expectation failed: %s", detail);
}

/*
 * expect-visible SECTION ITEM COPY [X]: that copy of the section's cell is among the elements
 * of the frame (sl_element.copy: 0 the canonical lap of a loop, -1 the one before, ...), and with
 * X the left edge of its frame is at screen x X +- 0.5.
 */
static int expect_visible(player *p, char **args) {
  app *a = p->app;
  double section, item, copy, x = 0, main_offset;
  int32_t sections = 0;
  char detail[400];
  if (!parse_double(args[0], &section) || !parse_double(args[1], &item) ||
      !parse_double(args[2], &copy) || (args[3] && !parse_double(args[3], &x)) ||
      section != floor(section) || item != floor(item) || copy != floor(copy) ||
      fabs(item) > 1e15 || fabs(copy) > INT32_MAX)
    return script_error(p, 2, "%s", "usage: expect-visible SECTION ITEM COPY [X]");
  if (sl_layout_get_section_count(a->layout, &sections) != SL_OK)
    return library_failed("cannot count the sections"), 1;
  if (section < 0 || section >= sections)
    return script_error(p, 2, "expect-visible: %s", "no such section");
  if (draw(a) || scroller_offset(a, &a->scrollers[0], &main_offset)) return 1;
  size_t used = (size_t)snprintf(detail, sizeof detail, "section %g: item %g copy %g ", section,
                                 item, copy);
  for (size_t i = 0; i < a->element_count; i++) {
    const sl_element *e = &a->elements[i];
    if (e->category != SL_ELEMENT_CELL || e->section != (int32_t)section ||
        e->item != (int64_t)item || e->copy != (int32_t)copy)
      continue;
    double left = e->frame.x - (a->scrollers[0].horizontal ? main_offset : 0);
    if (!args[3] || fabs(left - x) <= 0.5) return 0;
    snprintf(detail + used, sizeof detail - used, "is at x %.2f, not %g", left, x);
    return script_error(p, 1, "expectation failed: %s", detail);
  }
  /* Not on screen: say which cells of the section are (item/copy). */
  used += (size_t)snprintf(detail + used, sizeof detail - used, "is not on screen (cells:");
  for (size_t i = 0; i < a->element_count && used < sizeof detail; i++) {
    const sl_element *e = &a->elements[i];
    if (e->category == SL_ELEMENT_CELL && e->section == (int32_t)section)
      used += (size_t)snprintf(detail + used, sizeof detail - used, " %lld/%d",
                               (long long)e->item, (int)e->copy);
  }
  if (used < sizeof detail) snprintf(detail + used, sizeof detail - used, ")");
  return script_error(p, 1, "expectation failed: %s", detail);
}

/* A finger path: `move X Y MS` from where the finger is, one sample a frame. */
static int move_finger(player *p, double x, double y, double ms) {
  int frames = frames_for(ms);
  double x0 = p->finger_x, y0 = p->finger_y;
  if (frames == 0) frames = 1;
  for (int i = 1; i <= frames && !p->quit; i++) {
    double f = (double)i / frames;
    p->finger_x = x0 + (x - x0) * f;
    p->finger_y = y0 + (y - y0) * f;
    p->frame++; /* input first, then the frame, as a real event loop */
    if (touch_move(p->app, 0, p->finger_x, p->finger_y, clock_now(p)) || render_frame(p))
      return 1;
  }
  return 0;
}

/* Runs one script line; returns 0, 1 (failure) or 2 (bad script). */
static int run_command(player *p, char **args, int count) {
  app *a = p->app;
  const char *command = args[0];
  double n[5];
  int numbers = 0;
  for (int i = 1; i < count && i <= 5; i++) numbers += parse_double(args[i], &n[i - 1]);
  int all_numbers = numbers == count - 1;

  if (strcmp(command, "down") == 0 && count == 3 && all_numbers) {
    if (a->touch.state != TOUCH_NONE) return script_error(p, 2, "%s", "the finger is down already");
    p->finger_x = n[0];
    p->finger_y = n[1];
    return touch_down(a, 0, n[0], n[1], clock_now(p)) ? 1 : 0;
  }
  if (strcmp(command, "move") == 0 && count == 4 && all_numbers) {
    if (a->touch.state == TOUCH_NONE) return script_error(p, 2, "%s", "move: the finger is up");
    return move_finger(p, n[0], n[1], n[2]);
  }
  if (strcmp(command, "up") == 0 && count == 1) {
    if (a->touch.state == TOUCH_NONE) return script_error(p, 2, "%s", "up: the finger is up");
    return touch_up(a, 0, p->finger_x, p->finger_y, clock_now(p)) ? 1 : 0;
  }
  if (strcmp(command, "drag") == 0 && count == 6 && all_numbers) {
    if (a->touch.state != TOUCH_NONE) return script_error(p, 2, "%s", "the finger is down already");
    p->finger_x = n[0];
    p->finger_y = n[1];
    if (touch_down(a, 0, n[0], n[1], clock_now(p)) || move_finger(p, n[2], n[3], n[4]) ||
        touch_up(a, 0, p->finger_x, p->finger_y, clock_now(p)))
      return 1;
    return 0;
  }
  if (strcmp(command, "wait") == 0 && count == 2 && all_numbers) {
    for (int i = frames_for(n[0]); i > 0 && !p->quit; i--)
      if (step(p)) return 1;
    return 0;
  }
  if (strcmp(command, "settle") == 0 && count <= 2 && all_numbers) {
    int limit = frames_for(count == 2 ? n[0] : SETTLE_LIMIT_MS);
    if (a->touch.state != TOUCH_NONE) return script_error(p, 2, "%s", "settle: the finger is down");
    for (int i = 0;; i++) {
      int moving = 0;
      for (int k = 0; k < a->scroller_count; k++) moving |= a->scrollers[k].moving;
      if (!moving || p->quit) return 0;
      if (i == limit) return script_error(p, 1, "%s", "settle: still moving");
      if (step(p)) return 1;
    }
  }
  if (strcmp(command, "key") == 0 && count == 2) {
    int unknown = 0;
    a->mouse_x = p->finger_x;
    a->mouse_y = p->finger_y;
    if (press_key(a, args[1], clock_now(p), &unknown)) return 1;
    return unknown ? script_error(p, 2, "unknown key '%s'", args[1]) : 0;
  }
  if (strcmp(command, "wheel") == 0 && count == 3 && all_numbers) {
    a->mouse_x = p->finger_x;
    a->mouse_y = p->finger_y;
    return turn_wheel(a, n[0], n[1], clock_now(p)) ? 1 : 0;
  }
  if (strcmp(command, "resize") == 0 && count == 3 && all_numbers) {
    /* The window resized to W x H points: laid out again (section variants chosen anew). */
    if (!(n[0] > 0 && n[1] > 0 && n[0] <= 100000 && n[1] <= 100000))
      return script_error(p, 2, "%s", "usage: resize W H (points, each from 1 to 100000)");
    return resize(a, n[0], n[1], clock_now(p)) ? 1 : 0;
  }
  if (strcmp(command, "expect-variant") == 0 && count == 3 && all_numbers) {
    int32_t variant = -2;
    char detail[120];
    if (sl_layout_get_section_variant(a->layout, (int32_t)n[0], &variant) != SL_OK)
      return script_error(p, 2, "expect-variant: %s", "no such section");
    if (variant == (int32_t)n[1]) return 0;
    snprintf(detail, sizeof detail, "section %g has variant %d in force, not %g", n[0],
             (int)variant, n[1]);
    return script_error(p, 1, "expectation failed: %s", detail);
  }
  if (strcmp(command, "pointer") == 0 && count == 3 && all_numbers) {
    p->finger_x = n[0]; /* where `key left/right` finds its carousel */
    p->finger_y = n[1];
    return 0;
  }
  if (strcmp(command, "screenshot") == 0 && count == 2) {
    char path[4096];
    if (args[1][0] == '/' || !p->output_dir)
      snprintf(path, sizeof path, "%s", args[1]);
    else
      snprintf(path, sizeof path, "%s/%s", p->output_dir, args[1]);
    return draw(a) || screenshot(a, path) ? 1 : 0;
  }
  if (strcmp(command, "print") == 0 && count == 1) return print_state(p) ? 1 : 0;
  if (strcmp(command, "expect-centred") == 0 && count == 3) return expect_centred(p, args + 1);
  if (strcmp(command, "expect-offset") == 0 && (count == 3 || count == 4))
    return expect_offset(p, args + 1, 0);
  if (strcmp(command, "expect-rest") == 0 && count == 2) return expect_offset(p, args + 1, 1);
  if (strcmp(command, "expect-moving") == 0 && count == 2) return expect_moving(p, args[1]);
  if (strcmp(command, "expect-visible") == 0 && (count == 4 || count == 5))
    return expect_visible(p, args + 1);
  return script_error(p, 2, "unknown command or wrong arguments: '%s' (see docs/SDL-EXAMPLE.md)",
                      command);
}

int run_script(player *p, FILE *file) {
  char line[1024];
  if (draw(p->app)) return 1; /* frame 0 */
  while (!p->quit && fgets(line, sizeof line, file)) {
    char *args[8] = {0};
    int count = 0;
    p->line++;
    if (!strchr(line, '\n') && !feof(file))
      return script_error(p, 2, "%s", "line too long (1023 characters at most)");
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    for (char *token = strtok(line, " \t\r\n"); token; token = strtok(NULL, " \t\r\n")) {
      if (count == 7) return script_error(p, 2, "%s", "too many arguments");
      args[count++] = token;
    }
    if (count == 0) continue;
    int status = run_command(p, args, count);
    if (status) return status;
  }
  if (ferror(file)) return script_error(p, 1, "%s", "cannot read the script");
  return 0;
}
