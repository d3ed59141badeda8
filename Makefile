# ordo — top-level build.
#   make demo    install what is missing, build, check and run every ruleset
#   make test    install what is missing, then every test (also under ASan+UBSan)
#   make bench   benchmarks (figures go in doc/performance.md)
#   make examples  a host program per ruleset, built from ordoc's C output
#
# Layout: dsl/ (flex+bison front end) -> compiler/ (checks, lowering, C
# emitter, drivers) -> runtime/ (the interpreter library). Everything built
# goes under $(BUILD); bison/flex output too.

BUILD    ?= build
CC       ?= cc
SAN      ?=
OPT      ?= -O2
CFLAGS   ?=
CFLAGS   += -std=c11 -Wall -Wextra -Werror $(OPT) -g $(SAN)
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -I$(BUILD)/dsl -Idsl -Icompiler -Iruntime
LDFLAGS  += $(SAN)
FLEX     ?= flex
BISON    ?= bison

RUNTIME_SRC  := $(wildcard runtime/*.c)
DSL_SRC      := $(wildcard dsl/*.c)
COMPILER_SRC := $(wildcard compiler/*.c)
ORDO_SRC     := $(filter-out compiler/driver/ordoc_main.c,$(wildcard compiler/driver/*.c))
ORDOC_SRC    := compiler/driver/ordoc_main.c

GEN_C   := $(BUILD)/dsl/parser.c $(BUILD)/dsl/lexer.c
GEN_H   := $(BUILD)/dsl/parser.h

RUNTIME_OBJ  := $(RUNTIME_SRC:%.c=$(BUILD)/%.o)
FRONT_OBJ    := $(DSL_SRC:%.c=$(BUILD)/%.o) $(COMPILER_SRC:%.c=$(BUILD)/%.o) \
                $(BUILD)/dsl/parser.o $(BUILD)/dsl/lexer.o
ORDO_OBJ     := $(ORDO_SRC:%.c=$(BUILD)/%.o)
ORDOC_OBJ    := $(ORDOC_SRC:%.c=$(BUILD)/%.o)

LIBORDO := $(BUILD)/libordo.a
LIBOC   := $(BUILD)/liboc.a
ORDO    := $(BUILD)/ordo
ORDOC   := $(BUILD)/ordoc

RULESETS := $(wildcard rulesets/*.ordo)
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

# Hosts: examples/host.c + a ruleset emitted as C + the game loop the ordo
# tool uses (compiler/driver/play.c and friends: runtime-only code).
HOST_OBJ := $(BUILD)/compiler/driver/play.o $(BUILD)/compiler/driver/options.o \
            $(BUILD)/compiler/driver/choices.o
EXAMPLES := $(RULESETS:rulesets/%.ordo=$(BUILD)/examples/%_host)
E2E_HOSTS := $(BUILD)/e2e/tiny_host $(BUILD)/e2e/stones_host $(BUILD)/e2e/tables_host \
             $(BUILD)/e2e/layer_host
BENCH_BIN := $(BUILD)/bench/bench_titan $(BUILD)/bench/gen_ruleset $(BUILD)/bench/splendor_ref
# The Splendor solo ruleset, when it exists, is also emitted as C into the
# benchmark harness (bench_titan splendor).
SPLENDOR := $(wildcard rulesets/splendor_solo.ordo)

.PHONY: all deps demo test test-one bench clean examples
all: deps $(ORDO) $(ORDOC) $(LIBORDO) $(EXAMPLES)
examples: $(EXAMPLES)

# ---- set-up: install what is missing (Debian), once per machine
deps:
	@sh tests/tools/deps.sh

# ---- libraries and binaries
$(LIBORDO): $(RUNTIME_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(LIBOC): $(FRONT_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(ORDO): $(ORDO_OBJ) $(LIBOC) $(LIBORDO)
	$(CC) $(LDFLAGS) -o $@ $(ORDO_OBJ) $(LIBOC) $(LIBORDO)

$(ORDOC): $(ORDOC_OBJ) $(LIBOC) $(LIBORDO)
	$(CC) $(LDFLAGS) -o $@ $(ORDOC_OBJ) $(LIBOC) $(LIBORDO)

# one bison run makes both (a grouped target: GNU make >= 4.3)
$(BUILD)/dsl/parser.c $(BUILD)/dsl/parser.h &: dsl/parser.y
	@mkdir -p $(@D)
	$(BISON) -Wall -Werror --defines=$(BUILD)/dsl/parser.h -o $(BUILD)/dsl/parser.c $<

$(BUILD)/dsl/lexer.c: dsl/lexer.l $(GEN_H)
	@mkdir -p $(@D)
	$(FLEX) -o $@ $<

# generated code is not held to -Wextra's unused-function warnings
$(BUILD)/dsl/%.o: $(BUILD)/dsl/%.c $(GEN_H)
	$(CC) $(CPPFLAGS) $(CFLAGS) -Wno-unused-function -Wno-sign-compare -MMD -MP -c -o $@ $<

$(BUILD)/%.o: %.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- emitted C and hosts (the emitted C is held to -pedantic too)
$(BUILD)/examples/%.c $(BUILD)/examples/%.h: rulesets/%.ordo $(ORDOC)
	@mkdir -p $(@D)
	$(ORDOC) $< -o $(BUILD)/examples/$*.c --header $(BUILD)/examples/$*.h --symbol $*_program

$(BUILD)/e2e/%.c $(BUILD)/e2e/%.h: tests/e2e/data/%.ordo $(ORDOC)
	@mkdir -p $(@D)
	$(ORDOC) $< -o $(BUILD)/e2e/$*.c --header $(BUILD)/e2e/$*.h --symbol $*_program

# what the e2e rulesets read besides themselves (their CSV files, a base)
$(BUILD)/e2e/tables.c: $(wildcard tests/e2e/data/tables/*.csv)
$(BUILD)/e2e/layer.c: $(wildcard tests/e2e/data/layers/*)

# keep the emitted C (make would delete it as an intermediate file)
.PRECIOUS: $(BUILD)/examples/%.c $(BUILD)/examples/%.h $(BUILD)/e2e/%.c $(BUILD)/e2e/%.h

$(BUILD)/examples/%_host: examples/host.c $(BUILD)/examples/%.c $(HOST_OBJ) $(LIBORDO)
	$(CC) $(CPPFLAGS) -Icompiler/driver $(CFLAGS) -pedantic -DHOST_PROGRAM=$*_program \
	    -o $@ examples/host.c $(BUILD)/examples/$*.c $(HOST_OBJ) $(LIBORDO) $(LDFLAGS)

$(BUILD)/e2e/%_host: examples/host.c $(BUILD)/e2e/%.c $(HOST_OBJ) $(LIBORDO)
	$(CC) $(CPPFLAGS) -Icompiler/driver $(CFLAGS) -pedantic -DHOST_PROGRAM=$*_program \
	    -o $@ examples/host.c $(BUILD)/e2e/$*.c $(HOST_OBJ) $(LIBORDO) $(LDFLAGS)

# ---- benchmarks: the harness counts allocations with --wrap=malloc; it
# holds the hand-written Splendor reference and the emitted Splendor ruleset
$(BUILD)/bench/bench_titan: tests/bench/bench_titan.c tests/bench/splendor_ref.c \
        tests/bench/splendor_ref.h $(SPLENDOR:rulesets/%.ordo=$(BUILD)/examples/%.c) \
        $(LIBOC) $(LIBORDO)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests/bench $(CFLAGS) -DSPLENDOR_REF_LIB \
	    $(if $(SPLENDOR),-DSPLENDOR_EMITTED=splendor_solo_program $(BUILD)/examples/splendor_solo.c) \
	    -o $@ $< tests/bench/splendor_ref.c $(LIBOC) $(LIBORDO) $(LDFLAGS) \
	    -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc

# the hand-written Splendor solo game: plain C, on its own (no libordo)
$(BUILD)/bench/splendor_ref: tests/bench/splendor_ref.c tests/bench/splendor_ref.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(LDFLAGS)

$(BUILD)/bench/gen_ruleset: tests/bench/gen_ruleset.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(LDFLAGS)

# ---- tests
$(BUILD)/tests/test_%: tests/unit/test_%.c $(wildcard tests/unit/*.h) $(LIBOC) $(LIBORDO)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) -o $@ $< $(LIBOC) $(LIBORDO) $(LDFLAGS) -lcmocka

# the mutation fuzzer: bad input never crashes the compiler or the runtime
$(BUILD)/tests/fuzz_compile: tests/fuzz/fuzz_compile.c $(LIBOC) $(LIBORDO)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(LIBOC) $(LIBORDO) $(LDFLAGS)

# One pass of every test in $(BUILD); `make test` runs it twice.
test-one: $(ORDO) $(ORDOC) $(LIBORDO) $(UNIT_BIN) $(EXAMPLES) $(E2E_HOSTS) \
          $(BUILD)/tests/fuzz_compile $(BUILD)/bench/splendor_ref
	@sh tests/tools/run_all.sh $(BUILD)

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
test: deps
	@$(MAKE) --no-print-directory -j$(JOBS) test-one BUILD=build
	@$(MAKE) --no-print-directory -j$(JOBS) test-one BUILD=build/asan OPT=-O1 \
	    SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"

demo: deps all
	@sh tests/tools/demo.sh $(BUILD)

bench: deps all $(BENCH_BIN)
	@sh tests/bench/run.sh $(BUILD)

clean:
	rm -rf build
