# The instruction-count regression check (docs/PERFORMANCE.md, "Instruction counts"): a fixed
# workload, bench/workload.c, run under valgrind's callgrind; its instructions per phase (create,
# set_container_size, item frames, rect queries, resolve_scroll, motion samples, self-sizing
# reports, destroy) are compared with bench/instructions.baseline. Counts, not wall time, so
# the check is as good on a loaded CI machine as on a quiet one.
#
#   make test-instructions     fails when a phase costs more than the baseline + tolerance
#                              (scripts/check-instructions.sh; TOLERANCE=percent, default 2)
#   make update-instructions   writes this build's counts as the new baseline (commit it with
#                              the change that moved them)
#
# Everything it builds is in $(BUILD); callgrind writes to a temporary directory, so there is
# nothing to add to CLEAN_FILES.

INSTRUCTION_CHECK := scripts/check-instructions.sh

.PHONY: test-instructions update-instructions

TEST_TARGETS += test-instructions

# The workload carries the App Store layout (examples-c/appstore.json) and the callgrind client
# requests (<valgrind/callgrind.h>, from the valgrind package).
$(BUILD)/bench-workload: bench/workload.c $(BUILD)/appstore_json.h include/snaplayout.h $(LIB)
	@scripts/ensure-deps.sh --test
	$(CC) $(C_STD) $(C_WARN) -O2 -g -Iinclude -I$(BUILD) $< -o $@ $(LINK_LIB)

test-instructions: lib $(BUILD)/bench-workload \
  ## instructions per phase against bench/instructions.baseline
	@scripts/ensure-deps.sh --test
	$(INSTRUCTION_CHECK)

update-instructions: lib $(BUILD)/bench-workload \
  ## write this build's counts as the new instruction baseline
	@scripts/ensure-deps.sh --test
	$(INSTRUCTION_CHECK) --update

# The size guard (docs/PERFORMANCE.md, "Size"): the stripped library against bench/size.baseline.
#
#   make test-size     fails when it grew more than 2% (TOLERANCE=percent) over the baseline
#   make update-size   writes this build's size as the new baseline (commit it with the change)

SIZE_CHECK := scripts/check-size.sh

.PHONY: test-size update-size

TEST_TARGETS += test-size

test-size: lib ## the stripped library against bench/size.baseline (+2%), by area
	$(SIZE_CHECK)

update-size: lib ## write this build's stripped size as the new size baseline
	$(SIZE_CHECK) --update
