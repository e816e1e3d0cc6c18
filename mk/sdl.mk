# The SDL example: examples-c/sdl_carousel.c and the files of SDL_SOURCES, an SDL2 client of
# the library (docs/SDL-EXAMPLE.md).
# Not part of `make examples`, so the core build never needs SDL2; these targets install it
# (scripts/ensure-sdl-deps.sh) when it is missing.
#
#   make sdl-demo    build and open the App Store layout in a window
#   make test-sdl    scripted sessions, headless, checked on their screenshots

SDL_DEMO := $(BUILD)/sdl_carousel
SDL_SOURCES := examples-c/sdl_carousel.c examples-c/sdl_scroll.c examples-c/sdl_draw.c \
               examples-c/sdl_script.c

.PHONY: sdl-deps sdl-example sdl-demo test-sdl
TEST_TARGETS += test-sdl

sdl-deps: ## install SDL2 when missing
	@scripts/ensure-sdl-deps.sh

sdl-example: lib $(SDL_DEMO) ## build build/sdl_carousel, the SDL2 client

# pkg-config runs when the recipe does, after sdl-deps has installed SDL2.
$(SDL_DEMO): $(SDL_SOURCES) examples-c/sdl_carousel.h $(BUILD)/appstore_json.h include/snaplayout.h $(LIB) | sdl-deps
	$(CC) $(C_STD) $(C_WARN) $(CFLAGS) $(shell pkg-config --cflags sdl2) -Iinclude -I$(BUILD) \
	  $(SDL_SOURCES) -o $@ $(shell pkg-config --libs sdl2) $(LINK_LIB) -lm

sdl-demo: sdl-example ## open the App Store layout in an SDL2 window
	$(SDL_DEMO)

test-sdl: sdl-example $(BUILD)/snaplayout ## scripted SDL sessions, headless, checked on their screenshots
	@scripts/ensure-sdl-deps.sh --test
	scripts/test-sdl.sh
