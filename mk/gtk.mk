# The GTK 4 host: hosts/gtk/sl-layout-view.c, SlLayoutView, a GtkWidget laid out by the library,
# and hosts/gtk/gtk-demo.c, a GtkApplication that shows it (docs/GTK.md).
# Not part of `make examples`, so the core build never needs GTK; these targets install it
# (scripts/ensure-gtk-deps.sh) when it is missing.
#
#   make gtk-demo       build and open the App Store layout in a GTK window
#   make test-gtk       the scripted session under Xvfb, checked on positions and pictures
#   make gtk-pictures   write docs/pictures/gtk/gtk-*.png from that session

GTK_DEMO := $(BUILD)/sl-gtk-demo
# The same program under AddressSanitizer and UBSan (the library itself is the shipped one).
GTK_DEMO_ASAN := $(BUILD)/sl-gtk-demo-asan
GTK_SOURCES := hosts/gtk/sl-layout-view.c hosts/gtk/gtk-demo.c

.PHONY: gtk-deps gtk-example gtk-demo test-gtk gtk-pictures
TEST_TARGETS += test-gtk

gtk-deps: ## install GTK 4 when missing
	@scripts/ensure-gtk-deps.sh

gtk-example: lib $(GTK_DEMO) ## build build/sl-gtk-demo, the GTK 4 host

# pkg-config runs when the recipe does, after gtk-deps has installed GTK.
$(GTK_DEMO): $(GTK_SOURCES) hosts/gtk/sl-layout-view.h $(BUILD)/appstore_json.h include/snaplayout.h $(LIB) | gtk-deps
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) $(CFLAGS) $$(pkg-config --cflags gtk4) -Iinclude -I$(BUILD) \
	  $(GTK_SOURCES) -o $@ $$(pkg-config --libs gtk4) $(LINK_LIB) -lm

$(GTK_DEMO_ASAN): $(GTK_SOURCES) hosts/gtk/sl-layout-view.h $(BUILD)/appstore_json.h include/snaplayout.h $(LIB) | gtk-deps
	$(Q)$(call say,CC,$@)$(CC) $(C_STD) $(C_WARN) -O1 -g -fsanitize=address,undefined \
	  -fno-sanitize-recover=undefined -fno-omit-frame-pointer $$(pkg-config --cflags gtk4) \
	  -Iinclude -I$(BUILD) $(GTK_SOURCES) -o $@ $$(pkg-config --libs gtk4) $(LINK_LIB) -lm

gtk-demo: gtk-example ## open the App Store layout in a GTK 4 window
	$(GTK_DEMO)

test-gtk: gtk-example $(GTK_DEMO_ASAN) ## the GTK 4 widget under Xvfb: scripted input, positions and pictures checked
	@scripts/ensure-gtk-deps.sh --test
	scripts/test-gtk.sh

gtk-pictures: gtk-example ## write docs/pictures/gtk/gtk-*.png from the GTK test session
	@scripts/ensure-gtk-deps.sh --test
	scripts/test-gtk.sh --pictures docs/pictures/gtk
