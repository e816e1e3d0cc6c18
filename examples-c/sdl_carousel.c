/*
 * sdl_carousel — the App Store layout in an SDL2 window, scrolled and snapped by SnapLayout.
 *
 *   sdl_carousel                          the built-in App Store layout, in a window
 *   sdl_carousel layout.json              any configuration
 *   sdl_carousel --script session.txt     headless: replay a script on a virtual 60 Hz clock
 *
 * The program is a complete SnapLayout host. It owns the input and the frame clock; the library
 * owns the geometry and every scrolling decision:
 *
 *   touch-down   every scroll container moving under the finger is caught (its motion stops
 *                where it is, and sl_layout_get_reference_snap remembers where it was going);
 *   drag         the first TOUCH_SLOP points of movement choose the axis (the directional lock
 *                of UIScrollView): a horizontal drag on an orthogonal section scrolls that
 *                section, a vertical one the main scroll; past the bounds the content
 *                rubber-bands; the finger's positions of the last VELOCITY_WINDOW seconds are
 *                kept for its velocity;
 *   release      sl_layout_resolve_scroll (touch-down offset, release offset, velocity fitted
 *                over those samples, and the caught motion's reference) gives the rest offset
 *                and an sl_motion;
 *   every frame  sl_motion_sample, sl_layout_set_scroll_offset, then the visible rect's
 *                elements (sl_layout_get_elements_in_rect) are drawn with the scale, alpha and
 *                z order the library reports: the centred card is full size, its neighbours
 *                zoomed out;
 *   resize       sl_layout_set_container_size; the library keeps each container at rest on
 *                its card, and each motion, whose target the program registered when it started
 *                (sl_layout_set_scroll_target), is carried to its card's new rest position
 *                (sl_layout_retarget_motion) and goes on from where it is;
 *   loops        a looping container (sl_layout_get_loop_info) is never clamped or
 *                rubber-banded, its visible copies are elements of their own (sl_element.copy),
 *                and once at rest in another lap it is re-based into the canonical one
 *                (sl_layout_get_canonical_offset).
 *
 * Script mode draws into a software renderer on an SDL surface (no video driver, no display)
 * and advances a virtual clock by exact 1/60 s frames, so a run is reproducible bit for bit.
 * docs/SDL-EXAMPLE.md describes the controls and the script format.
 *
 * Exit status: 0 on success, 1 when SDL or the library fails or a script expectation does not
 * hold, 2 for a bad command line or script.
 *
 * This file is the program: windows, SDL events and the command line. The rest is split by
 * concern: sdl_scroll.c (layout, motions, touches), sdl_draw.c (drawing), sdl_script.c (script
 * mode), sdl_carousel.h (what they share).
 */
#include "appstore_json.h" /* snaplayout_default_config, generated from appstore.json */
#include "sdl_carousel.h"

/* ---------------------------------------------------------------------------------------------
 * Windows and renderers
 * ------------------------------------------------------------------------------------------- */

/* The largest zoom (in 0.05 steps, at most 1) at which the window fits the display. */
static double fitting_zoom(const app *a) {
  SDL_Rect usable;
  if (SDL_GetDisplayUsableBounds(0, &usable) != 0) return 1;
  double zoom = fmin((usable.w - 32) / a->width, (usable.h - 64) / a->height);
  if (zoom >= 1) return 1;
  zoom = floor(zoom * 20) / 20;
  return zoom < 0.25 ? 0.25 : zoom;
}

/* True for SDL's video drivers that show nothing (SDL falls back to offscreen by itself). */
static int invisible_driver(void) {
  const char *driver = SDL_GetCurrentVideoDriver();
  return driver && (strcmp(driver, "offscreen") == 0 || strcmp(driver, "dummy") == 0);
}

/*
 * Opens the window and its renderer. An interactive window on a driver that shows nothing is
 * refused unless SDL_VIDEODRIVER asked for it: with no display SDL 2 falls back to its
 * offscreen driver, and the program would run unseen until killed.
 */
static int open_window(app *a, double zoom, int interactive, SDL_Window **out_window) {
  const char *asked = SDL_getenv("SDL_VIDEODRIVER");
  if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0)
    return sdl_failed("cannot start SDL's video (no display? --script runs without one)");
  if (interactive && invisible_driver() && !(asked && *asked)) {
    fprintf(stderr, PROGRAM ": no display (SDL chose its '%s' video driver): run it where a "
                    "window can be seen, or use --script for headless runs\n",
            SDL_GetCurrentVideoDriver());
    return -1;
  }
  a->zoom = zoom > 0 ? zoom : fitting_zoom(a);
  SDL_Window *window = SDL_CreateWindow(
      "SnapLayout: App Store", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
      (int)ceil(a->width * a->zoom), (int)ceil(a->height * a->zoom), SDL_WINDOW_RESIZABLE);
  if (!window) return sdl_failed("cannot open a window");
  *out_window = window;
  a->renderer =
      SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (!a->renderer) a->renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
  if (!a->renderer) return sdl_failed("cannot create a renderer");
  return 0;
}

/* The script name of a key the window acts on, or NULL. */
static const char *key_name(SDL_Keycode key) {
  switch (key) {
    case SDLK_LEFT: return "left";
    case SDLK_RIGHT: return "right";
    case SDLK_UP: return "up";
    case SDLK_DOWN: return "down";
    case SDLK_PAGEUP: return "pageup";
    case SDLK_PAGEDOWN: case SDLK_SPACE: return "pagedown";
    case SDLK_HOME: return "home";
    case SDLK_END: return "end";
    default: return NULL;
  }
}

/* Hands one window event to the touch, key and resize handlers; sets *quit to leave. */
static int handle_event(app *a, const SDL_Event *event, int *quit) {
  double t = event->common.timestamp / 1000.0, zoom = a->zoom;
  int unknown = 0;
  switch (event->type) {
    case SDL_QUIT: *quit = 1; return 0;
    case SDL_KEYDOWN: {
      const char *key = key_name(event->key.keysym.sym);
      if (event->key.keysym.sym == SDLK_ESCAPE || event->key.keysym.sym == SDLK_q) *quit = 1;
      return key ? press_key(a, key, t, &unknown) : 0;
    }
    /* SDL also reports touches as mouse events from SDL_TOUCH_MOUSEID: those are skipped. */
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: {
      const SDL_MouseButtonEvent *b = &event->button;
      if (b->which == SDL_TOUCH_MOUSEID || b->button != SDL_BUTTON_LEFT) return 0;
      if (event->type == SDL_MOUSEBUTTONDOWN)
        return touch_down(a, MOUSE, b->x / zoom, b->y / zoom, t);
      return touch_up(a, MOUSE, b->x / zoom, b->y / zoom, t);
    }
    case SDL_MOUSEMOTION:
      a->mouse_x = event->motion.x / zoom;
      a->mouse_y = event->motion.y / zoom;
      if (event->motion.which == SDL_TOUCH_MOUSEID) return 0;
      return touch_move(a, MOUSE, a->mouse_x, a->mouse_y, t);
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP: {
      /* Finger positions are normalised to the window (0 ... 1). */
      SDL_Window *window = SDL_GetWindowFromID(event->tfinger.windowID);
      int w = 1, h = 1;
      if (window) SDL_GetWindowSize(window, &w, &h);
      double x = event->tfinger.x * w / zoom, y = event->tfinger.y * h / zoom;
      int64_t id = (int64_t)event->tfinger.fingerId;
      if (id == MOUSE) id++;
      if (event->type == SDL_FINGERDOWN) return touch_down(a, id, x, y, t);
      if (event->type == SDL_FINGERMOTION) return touch_move(a, id, x, y, t);
      return touch_up(a, id, x, y, t);
    }
    case SDL_MOUSEWHEEL: {
      double flip = event->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -1 : 1;
      if (a->touch.state != TOUCH_NONE) return 0;
      return turn_wheel(a, flip * event->wheel.x, flip * event->wheel.y, t);
    }
    case SDL_WINDOWEVENT:
      if (event->window.event != SDL_WINDOWEVENT_SIZE_CHANGED) return 0;
      return resize(a, event->window.data1 / zoom, event->window.data2 / zoom, t);
    default: return 0;
  }
}

/* The interactive loop: mouse, touch, wheel and keys until the window closes or Escape. */
static int run_window(app *a) {
  SDL_RendererInfo info;
  int quit = 0;
  if (SDL_GetRendererInfo(a->renderer, &info) != 0) return sdl_failed("cannot query the renderer");
  int vsync = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
  while (!quit) {
    SDL_Event event;
    int idle = a->touch.state == TOUCH_NONE;
    for (int i = 0; i < a->scroller_count; i++) idle &= !a->scrollers[i].moving;
    /* Nothing moves: sleep until something happens (redrawing now and then, for exposure). */
    int have = idle ? SDL_WaitEventTimeout(&event, 250) : SDL_PollEvent(&event);
    for (; have && !quit; have = SDL_PollEvent(&event))
      if (handle_event(a, &event, &quit)) return 1;
    Uint64 frame_start = SDL_GetTicks64();
    if (advance(a, frame_start / 1000.0) || draw(a)) return 1;
    SDL_RenderPresent(a->renderer);
    if (!vsync) { /* a renderer without vsync: about 60 frames a second */
      Uint64 spent = SDL_GetTicks64() - frame_start;
      if (spent < 16) SDL_Delay((Uint32)(16 - spent));
    }
  }
  return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Command line
 * ------------------------------------------------------------------------------------------- */

typedef struct options {
  const char *config; /* NULL: the built-in App Store layout */
  const char *script;
  const char *output_dir;
  double width, height, zoom;
  int show, verbose;
} options;

static void usage(FILE *out) {
  fputs("usage: " PROGRAM " [options] [config.json | -]\n"
        "\n"
        "Shows a SnapLayout configuration (default: the built-in App Store layout) in an\n"
        "SDL2 window. Drag with the mouse or a finger: vertical drags scroll the page,\n"
        "horizontal drags on a carousel scroll it; releases snap as SnapLayout decides.\n"
        "Keys: Left/Right page the carousel under the mouse, Up/Down/PageUp/PageDown/\n"
        "Space/Home/End scroll the page, Escape or Q quits.\n"
        "\n"
        "options:\n"
        "  --script FILE      headless: run FILE (docs/SDL-EXAMPLE.md) on a virtual 60 Hz\n"
        "                     clock, drawing into memory; no display needed ('-': stdin)\n"
        "  --output-dir DIR   where the script's screenshots are written (default: .)\n"
        "  --show             with --script: play it in a window, in real time\n"
        "  --size WxH         container size in points (default: the configuration's)\n"
        "  --zoom F           pixels per point (default: 1, smaller if the display is)\n"
        "  --verbose          print each release and where it comes to rest\n"
        "  --version          print the versions and exit\n"
        "  --help             print this help and exit\n",
        out);
}

/* Returns 1 when the options are good, 0 after printing what is wrong. */
static int parse_options(int argc, char **argv, options *o) {
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(arg, "--help") == 0) {
      usage(stdout);
      exit(0);
    } else if (strcmp(arg, "--version") == 0) {
      SDL_version v;
      SDL_GetVersion(&v);
      printf(PROGRAM " (SnapLayout %s, SDL %d.%d.%d)\n", sl_version_string(), v.major, v.minor,
             v.patch);
      exit(0);
    } else if (strcmp(arg, "--show") == 0) {
      o->show = 1;
    } else if (strcmp(arg, "--verbose") == 0) {
      o->verbose = 1;
    } else if (strcmp(arg, "--script") == 0 && value) {
      o->script = argv[++i];
    } else if (strcmp(arg, "--output-dir") == 0 && value) {
      o->output_dir = argv[++i];
    } else if (strcmp(arg, "--zoom") == 0 && value) {
      if (!parse_double(value, &o->zoom) || o->zoom < 0.1 || o->zoom > 8) {
        fprintf(stderr, PROGRAM ": --zoom takes a number from 0.1 to 8\n");
        return 0;
      }
      i++;
    } else if (strcmp(arg, "--size") == 0 && value) {
      char width[32];
      const char *x = strchr(value, 'x');
      size_t length = x ? (size_t)(x - value) : 0;
      if (length < sizeof width) {
        memcpy(width, value, length);
        width[length] = '\0';
      }
      if (!x || length >= sizeof width || !parse_double(width, &o->width) ||
          !parse_double(x + 1, &o->height) || o->width < 1 || o->height < 1 ||
          o->width > 16384 || o->height > 16384) {
        fprintf(stderr, PROGRAM ": --size takes WIDTHxHEIGHT, e.g. 390x844\n");
        return 0;
      }
      i++;
    } else if (arg[0] == '-' && arg[1] != '\0') {
      fprintf(stderr, PROGRAM ": unknown or incomplete option '%s' (--help lists them)\n", arg);
      return 0;
    } else if (o->config) {
      fprintf(stderr, PROGRAM ": only one configuration file, please\n");
      return 0;
    } else {
      o->config = arg;
    }
  }
  if (o->show && !o->script) {
    fprintf(stderr, PROGRAM ": --show plays a --script\n");
    return 0;
  }
  return 1;
}

/* Reads a whole file ('-': standard input) into a malloc'd buffer; NULL after a message. */
static char *read_file(const char *path, size_t *out_length) {
  FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  size_t capacity = 1 << 16, length = 0, n;
  char *text = file ? malloc(capacity) : NULL;
  while (text && (n = fread(text + length, 1, capacity - length, file)) > 0) {
    length += n;
    if (length == capacity) {
      char *bigger = realloc(text, capacity *= 2);
      if (!bigger) free(text);
      text = bigger;
    }
  }
  if (text && ferror(file)) {
    free(text);
    text = NULL;
  }
  if (!text) fprintf(stderr, PROGRAM ": cannot read %s: %s\n", path, strerror(errno));
  if (file && file != stdin) fclose(file);
  *out_length = length;
  return text;
}

/* Plays a script, headless into a surface or (--show) in a window. */
static int play(app *a, const options *o) {
  player p;
  SDL_Window *window = NULL;
  SDL_Surface *target = NULL;
  FILE *file = strcmp(o->script, "-") == 0 ? stdin : fopen(o->script, "r");
  int status = 1;
  memset(&p, 0, sizeof p);
  p.app = a;
  p.path = o->script;
  p.output_dir = o->output_dir;
  if (!file) {
    fprintf(stderr, PROGRAM ": cannot open %s: %s\n", o->script, strerror(errno));
    return 2;
  }
  if (o->show) {
    if (open_window(a, o->zoom ? o->zoom : 1, 0, &window) == 0) {
      p.window = window;
      p.shown_at = SDL_GetTicks64();
      /* Drivers without a screen (CI's) play as fast as they can: the clock is virtual. */
      p.paced = !invisible_driver();
      status = run_script(&p, file);
    }
  } else {
    /* A software renderer on a surface: no video driver, no display, the same pixels. */
    a->zoom = o->zoom > 0 ? o->zoom : 1;
    target = SDL_CreateRGBSurfaceWithFormat(0, (int)ceil(a->width * a->zoom),
                                            (int)ceil(a->height * a->zoom), 32,
                                            SDL_PIXELFORMAT_RGB888);
    if (!target)
      sdl_failed("cannot create the frame's surface");
    else if (!(a->renderer = SDL_CreateSoftwareRenderer(target)))
      sdl_failed("cannot create a software renderer");
    else
      status = run_script(&p, file);
  }
  if (file != stdin) fclose(file);
  if (a->renderer) SDL_DestroyRenderer(a->renderer);
  a->renderer = NULL;
  if (window) SDL_DestroyWindow(window);
  SDL_FreeSurface(target);
  return status;
}

int main(int argc, char **argv) {
  options o;
  app a;
  char *config = NULL;
  size_t length = strlen(snaplayout_default_config);
  int status = 1;
  if (!parse_options(argc, argv, &o)) return 2;
  if (sl_version_number() != SL_VERSION_NUMBER)
    fprintf(stderr, PROGRAM ": warning: built with SnapLayout %s, running with %s\n",
            SL_VERSION_STRING, sl_version_string());
  if (o.config && !(config = read_file(o.config, &length))) return 1;
  memset(&a, 0, sizeof a);
  a.verbose = o.verbose;
  if (app_open(&a, config ? config : snaplayout_default_config, length, o.width, o.height) == 0) {
    if (o.script) {
      status = play(&a, &o);
    } else {
      SDL_Window *window = NULL;
      if (open_window(&a, o.zoom, 1, &window) == 0) status = run_window(&a);
      if (a.renderer) SDL_DestroyRenderer(a.renderer);
      a.renderer = NULL;
      if (window) SDL_DestroyWindow(window);
    }
  }
  app_close(&a);
  free(config);
  SDL_Quit();
  return status;
}
