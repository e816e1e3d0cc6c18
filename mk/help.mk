# `make help` (the rule is in the top-level Makefile) and its check (scripts/test-help.sh).
#
#   make test-help   every target of `make test`, every .PHONY target and every target README.md
#                    and CONTRIBUTING.md tell to run has a `## text` help line
#
# A target's help is the `## text` comment that ends its rule line (scripts/make-help.sh).

.PHONY: test-help

TEST_TARGETS += test-help

test-help: ## check that every test, .PHONY and documented target has a help line
	@TEST_TARGETS="$(TEST_TARGETS)" scripts/test-help.sh $(HELP_MAKEFILES)
