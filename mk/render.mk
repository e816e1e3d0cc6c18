# Pictures: `snaplayout render` draws layouts as SVG and PNG (docs/PICTURES.md).
#
#   make pictures        draw docs/pictures/ again (scripts/make-pictures.sh lists them)
#   make test-pictures   draw them into a temporary folder and compare with docs/pictures/
#                        (SVG byte for byte, PNG pixel by pixel), then check the subcommand
#
# PNGs come from rsvg-convert (Debian's librsvg2-bin) with the DejaVu fonts:
# scripts/ensure-render-deps.sh installs them when they are missing.

.PHONY: pictures test-pictures render-deps

TEST_TARGETS += test-pictures

render-deps: ## install rsvg-convert and the DejaVu fonts when missing
	@scripts/ensure-render-deps.sh

pictures: lib $(BUILD)/snaplayout render-deps \
  ## draw docs/pictures/ again (scripts/make-pictures.sh)
	scripts/make-pictures.sh

test-pictures: lib $(BUILD)/snaplayout render-deps \
  ## draw the pictures again and compare them with docs/pictures/
	scripts/test-pictures.sh
