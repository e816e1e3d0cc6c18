# The LVGL host: examples-python/lvgl, a Python program on LVGL 9 (the PyPI package
# pydevices-lvgl, `import lvgl`) and the repository's Python binding, drawing a vertical list and
# a centred paging carousel placed, scrolled and stepped by SnapLayout (docs/LVGL.md).
#
#   make test-lvgl       scripted pointer, keypad and encoder sessions, headless, checked on
#                        their pixels
#   make lvgl-pictures   regenerates docs/pictures/lvgl/carousel.png
#
# LVGL's binding is installed when missing into build/lvgl-python-<interpreter>
# (scripts/ensure-lvgl-deps.sh: pip install --target, nothing in the system's Python).

LVGL_DIR     := examples-python/lvgl
LVGL_PICTURE := docs/pictures/lvgl/carousel.png
LVGL_PYTHON  ?= $(or $(PYTHON),python3)
LVGL_SITE     = $(BUILD)/lvgl-python-$(shell $(LVGL_PYTHON) -c 'import sys; print(sys.implementation.cache_tag)' 2>/dev/null)
LVGL_ENV      = SNAPLAYOUT_LIBRARY=$(abspath $(LIB)) \
                PYTHONPATH=$(abspath bindings/python/src):$(abspath $(LVGL_SITE)) \
                PYTHONDONTWRITEBYTECODE=1

.PHONY: lvgl-deps test-lvgl lvgl-pictures
TEST_TARGETS += test-lvgl
CLEAN_FILES  += $(LVGL_DIR)/__pycache__

lvgl-deps: ## install LVGL's CPython binding (pydevices-lvgl) into build/ when missing
	@PYTHON=$(LVGL_PYTHON) scripts/ensure-lvgl-deps.sh $(LVGL_SITE)

test-lvgl: lib lvgl-deps ## the LVGL host's scripted sessions, headless, checked on their pixels
	cd $(LVGL_DIR) && $(LVGL_ENV) $(LVGL_PYTHON) -m unittest -v test_lvgl_carousel

lvgl-pictures: lib lvgl-deps ## regenerate docs/pictures/lvgl/carousel.png from the LVGL host
	$(LVGL_ENV) $(LVGL_PYTHON) $(LVGL_DIR)/lvgl_carousel.py $(LVGL_PICTURE)
