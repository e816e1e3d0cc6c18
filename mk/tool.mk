# The snaplayout tool (docs/TOOL.md): its own tests. The tool itself is built by the top-level
# Makefile (TOOL_SOURCES) and installed by mk/install.mk.
#
#   make test-tool   scripts/test-tool.sh: every subcommand end to end, the manual page, the
#                    JSON Pointer locator's unit tests, `check` on the whole hostile corpus
#                    with each place verified against json-c, `resolve` against the library

TOOL_TEST_DIR := $(BUILD)/tool-tests
TOOL_TESTS    := $(TOOL_TEST_DIR)/test_json_locate $(TOOL_TEST_DIR)/check_locations

.PHONY: tool-deps test-tool

TEST_TARGETS += test-tool

tool-deps: ## install what the tool's tests need (groff, man)
	@scripts/ensure-tool-deps.sh

$(TOOL_TEST_DIR):
	mkdir -p $@

# The locator's tests link its source and json-c (the oracle), not the library.
$(TOOL_TEST_DIR)/test_json_locate: Tests/tool/test_json_locate.c Tests/tool/location_oracle.h \
  examples-c/json_locate.c examples-c/json_locate.h | deps $(TOOL_TEST_DIR)
	$(CC) $(C_STD) $(C_WARN) $(CFLAGS) -Iexamples-c -ITests/tool $< examples-c/json_locate.c \
	  -o $@ -ljson-c -lm

$(TOOL_TEST_DIR)/check_locations: Tests/tool/check_locations.c Tests/tool/location_oracle.h \
  | deps $(TOOL_TEST_DIR)
	$(CC) $(C_STD) $(C_WARN) $(CFLAGS) -ITests/tool $< -o $@ -ljson-c -lm

test-tool: examples $(TOOL_TESTS) tool-deps \
  ## every snaplayout subcommand end to end, and its manual page
	scripts/test-tool.sh
