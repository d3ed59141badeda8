# ordo — top-level build.
#   make demo    install what is missing, build, check and run every ruleset
#   make test    install what is missing, then every test (also under ASan+UBSan)
#   make bench   benchmarks (figures go in doc/performance.md)
#   make hosts   a host program per ruleset, built from ordoc's C output
#
# Layout: dsl/ (flex+bison front end) -> compiler/ (checks, lowering, C
# emitter; compiler/engines/ the tools' engines, compiler/driver/ their
# command lines) -> runtime/ (the interpreter library; runtime/host/ the
# host kit). Everything built goes under $(BUILD); bison/flex output too.

BUILD    ?= build
CC       ?= cc
SAN      ?=
OPT      ?= -O2
CFLAGS   ?=
CFLAGS   += -std=c11 -Wall -Wextra -Werror $(OPT) -g $(SAN)
CPPFLAGS += -D_POSIX_C_SOURCE=200809L
LDFLAGS  += $(SAN)
FLEX     ?= flex
BISON    ?= bison
LD       ?= ld
OBJCOPY  ?= objcopy

# Each layer's include path names only itself and the layers below it, so
# that a wrong include is a build error (doc/internals.md, "Layers"):
#   dsl/            the syntax layer: text to tree
#   runtime/        the runtime: tables to play (ordo.h is its one API)
#   runtime/host/   the host kit: the runtime's public header and itself
#   compiler/       the passes: the tree, itself and the runtime
#   compiler/engines the tools' engines (explore, mutate, sim's workers,
#                   scenarios, the LSP index): the passes, the runtime,
#                   the host kit and itself
#   compiler/driver the tools' command lines: all of the above
INC_DSL      := -I$(BUILD)/dsl -Idsl
INC_RUNTIME  := -Iruntime
INC_HOST     := -Iruntime/host $(INC_RUNTIME)
INC_COMPILER := $(INC_DSL) -Icompiler $(INC_RUNTIME)
INC_ENGINES  := $(INC_COMPILER) -Iruntime/host -Icompiler/engines
INC_DRIVER   := $(INC_ENGINES) -Icompiler/driver
# tests, benchmarks and fuzzers may look inside every layer
INC_TEST     := $(INC_DRIVER)

RUNTIME_SRC  := $(wildcard runtime/*.c)
HOST_SRC     := $(wildcard runtime/host/*.c)
DSL_SRC      := $(wildcard dsl/*.c)
COMPILER_SRC := $(wildcard compiler/*.c)
ENGINES_SRC  := $(wildcard compiler/engines/*.c)
ORDO_SRC     := $(filter-out compiler/driver/ordoc_main.c,$(wildcard compiler/driver/*.c))
ORDOC_SRC    := compiler/driver/ordoc_main.c compiler/driver/common.c \
                compiler/driver/diagopts.c compiler/driver/options.c

GEN_C   := $(BUILD)/dsl/parser.c $(BUILD)/dsl/lexer.c
GEN_H   := $(BUILD)/dsl/parser.h

RUNTIME_OBJ  := $(RUNTIME_SRC:%.c=$(BUILD)/%.o)
HOST_OBJ     := $(HOST_SRC:%.c=$(BUILD)/%.o)
FRONT_OBJ    := $(DSL_SRC:%.c=$(BUILD)/%.o) $(COMPILER_SRC:%.c=$(BUILD)/%.o) \
                $(BUILD)/dsl/parser.o $(BUILD)/dsl/lexer.o
ENGINES_OBJ  := $(ENGINES_SRC:%.c=$(BUILD)/%.o)
ORDO_OBJ     := $(ORDO_SRC:%.c=$(BUILD)/%.o)
ORDOC_OBJ    := $(ORDOC_SRC:%.c=$(BUILD)/%.o)

LIBORDO  := $(BUILD)/libordo.a
LIBHOST  := $(BUILD)/libordohost.a
LIBOC    := $(BUILD)/liboc.a
LIBENGINES := $(BUILD)/libordoengines.a
ORDO     := $(BUILD)/ordo
ORDOC    := $(BUILD)/ordoc
# Checked before anything is built that needs flex, bison or cmocka (and
# so never raced by them under make -j): tests/tools/deps.sh installs them.
DEPS_OK  := $(BUILD)/.deps-ok

RULESETS := $(wildcard rulesets/*.ordo)
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

# Hosts: examples/host.c + a ruleset emitted as C + the host kit
# (libordohost.a: the game loop the ordo tool uses) + the runtime.
EXAMPLES := $(RULESETS:rulesets/%.ordo=$(BUILD)/examples/%_host)
E2E_HOSTS := $(BUILD)/e2e/tiny_host $(BUILD)/e2e/stones_host $(BUILD)/e2e/tables_host \
             $(BUILD)/e2e/layer_host $(BUILD)/e2e/assertions_host \
             $(BUILD)/e2e/assertions_scenarios
# The language's small examples (examples/language/NAME.ordo), each with a
# host of its own: tests/e2e/language.sh holds their traces to ordo run's.
LANG_SRC := $(wildcard examples/language/*.ordo)
LANG_HOSTS := $(LANG_SRC:examples/language/%.ordo=$(BUILD)/lang/%_host)
# payment.ordo's scenarios over its emitted C too (language.sh): the order
# of a payment's parts is a choice the emitted code must make alike
LANG_SCENARIOS := $(BUILD)/lang/payment_scenarios
BENCH_BIN := $(BUILD)/bench/bench_titan $(BUILD)/bench/gen_ruleset $(BUILD)/bench/splendor_ref
# The Splendor solo ruleset, when it exists, is also emitted as C into the
# benchmark harness (bench_titan splendor).
SPLENDOR := $(wildcard rulesets/splendor_solo.ordo)

# Fuzz targets (tests/fuzz/target_NAME.c): each built with replay.c's main
# for `make test` (its seed corpus once, under the sanitizers) and with
# clang's libFuzzer for `make fuzz`.
FUZZ_TARGETS := compiler csv api diff restore simline lsp host
FUZZ_REPLAY  := $(FUZZ_TARGETS:%=$(BUILD)/fuzz/replay_%)
FUZZ_LIB     := $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)
FUZZ_H       := tests/fuzz/fuzz.h tests/fuzz/programs.h
# the diff target links these rulesets as ordoc emitted them
FUZZ_EMITTED := $(BUILD)/examples/titan.o $(BUILD)/examples/odin.o \
                $(BUILD)/examples/teotihuacan.o $(BUILD)/examples/splendor_solo.o \
                $(BUILD)/e2e/tiny.o $(BUILD)/e2e/stones.o
FUZZ_SECONDS ?= 60

# Installation (make install PREFIX=... DESTDIR=...): the tools, the
# runtime as a static and a shared library (soname libordo.so.MAJOR,
# exporting only ordo_*), the host kit, the headers an emitted ruleset and
# a host include, ordo.pc, and the man pages.
PREFIX     ?= /usr/local
DESTDIR    ?=
BINDIR     := $(PREFIX)/bin
LIBDIR     := $(PREFIX)/lib
INCDIR     := $(PREFIX)/include/ordo
MANDIR     := $(PREFIX)/share/man
# the Python package (python/ordo/ and its compiler library): the site
# folder Debian's python3 reads under this PREFIX (/usr/local/lib/
# python3.N/dist-packages), or PYDIR as given
PYVER      := $(shell python3 -c 'import sys; print("python%d.%d" % sys.version_info[:2])' 2>/dev/null || echo python3)
PYDIR      ?= $(LIBDIR)/$(PYVER)/dist-packages
VERSION    := $(shell sed -n 's/^\#define ORDO_VERSION "\(.*\)"/\1/p' runtime/ordo.h)
SOMAJOR    := $(firstword $(subst ., ,$(VERSION)))
LIBSO      := $(BUILD)/libordo.so.$(VERSION)
PIC_OBJ    := $(RUNTIME_SRC:%.c=$(BUILD)/pic/%.o)
HEADERS    := runtime/ordo.h runtime/ordo_native.h runtime/opcodes.h runtime/opcode_list.h runtime/host/ordo_host.h
# ordo.1 and ordoc.1 are written from templates with the option lists the
# tools print from their option tables (man/generate.sh)
MAN1       := $(BUILD)/man/ordo.1 $(BUILD)/man/ordoc.1

.PHONY: all deps demo test test-one bench clean examples hosts fuzz fuzz-build fuzz-coverage install uninstall help \
        python python-native doc-browser-test playground playground-test
# `make` builds the tools and the libraries; the hosts, whose emitted C takes
# GCC about a minute of CPU, are their own target (`make hosts`)
all: $(ORDO) $(ORDOC) $(LIBORDO) $(LIBHOST) $(LIBENGINES) $(LIBSO) $(MAN1)

help:
	@echo 'make            build the tools and the libraries'
	@echo 'make hosts      a host program per ruleset, from its emitted C (make examples: the same)'
	@echo 'make demo       install what is missing, build, check and play every ruleset (about a minute)'
	@echo 'make test       every test, then again under ASan and UBSan (about 7 minutes)'
	@echo 'make bench      the benchmarks (doc/performance.md)'
	@echo 'make doc-browser-test  the HTML rule documents in headless Chromium (installed when missing, as root)'
	@echo 'make playground  ordo in the browser, $(BUILD)/playground/ (emscripten installed when missing, as root)'
	@echo 'make playground-test  the playground driven in headless Chromium (installed when missing, as root)'
	@echo 'make fuzz       every fuzz target under libFuzzer, FUZZ_SECONDS each (default 60)'
	@echo 'make fuzz-coverage  the lines the fuzz targets reach (llvm-cov), least reached first'
	@echo 'make python     the Python package'"'"'s C library (python/README.md); python-native: rulesets as .so'
	@echo 'make install    PREFIX=$(PREFIX) DESTDIR=: tools, libraries, headers, ordo.pc, man pages, Python package'
	@echo 'make uninstall  the same files removed'
	@echo 'make clean      remove build/'

hosts examples: $(EXAMPLES)

$(BUILD)/man/ordo.1: man/ordo.1.in man/generate.sh $(ORDO)
	@mkdir -p $(@D)
	sh man/generate.sh $< $(ORDO) help --man >$@.tmp && mv $@.tmp $@

$(BUILD)/man/ordoc.1: man/ordoc.1.in man/generate.sh $(ORDOC)
	@mkdir -p $(@D)
	sh man/generate.sh $< $(ORDOC) --help-man >$@.tmp && mv $@.tmp $@

# ---- set-up: install what is missing (Debian), once per machine
deps:
	@sh tests/tools/deps.sh

$(DEPS_OK): tests/tools/deps.sh
	@sh tests/tools/deps.sh
	@mkdir -p $(@D)
	@touch $@

# ---- libraries and binaries
# libordo.a exports only the API (ordo_*): the runtime's files are linked
# into one object whose other global names are made local, so a host can
# neither call nor collide with the VM's internals (tests/tools/layers.sh).
$(LIBORDO): $(RUNTIME_OBJ)
	@mkdir -p $(@D)
	$(LD) -r -o $(BUILD)/runtime/libordo.o $^
	$(OBJCOPY) --wildcard --keep-global-symbol='ordo_*' $(BUILD)/runtime/libordo.o
	rm -f $@
	$(AR) rcs $@ $(BUILD)/runtime/libordo.o

# the shared runtime: position-independent objects, the API alone exported
# (runtime/libordo.map), a soname that changes with the major version
$(BUILD)/pic/runtime/%.o: runtime/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC_RUNTIME) $(CFLAGS) -fPIC -MMD -MP -c -o $@ $<

$(LIBSO): $(PIC_OBJ) runtime/libordo.map
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libordo.so.$(SOMAJOR) \
	    -Wl,--version-script=runtime/libordo.map -o $@ $(PIC_OBJ)
	ln -sf libordo.so.$(VERSION) $(BUILD)/libordo.so.$(SOMAJOR)
	ln -sf libordo.so.$(VERSION) $(BUILD)/libordo.so

$(LIBHOST): $(HOST_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(LIBOC): $(FRONT_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(LIBENGINES): $(ENGINES_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

# the ordo tool alone links jansson (its language server's JSON, `ordo lsp`)
# and Open MPI (`ordo explore --mpi`; read when used, after deps.sh ran),
# and exports the runtime's ways into the interpreter, which the emitted C
# of a shared object it loads calls (ordo sim --native; native_load.c)
MPI_INC  = $(shell pkg-config --cflags ompi-c)
MPI_LIBS = $(shell pkg-config --libs ompi-c)
$(ORDO): $(ORDO_OBJ) $(LIBENGINES) $(LIBOC) $(LIBHOST) $(LIBORDO)
	$(CC) $(LDFLAGS) -o $@ $(ORDO_OBJ) $(LIBENGINES) $(LIBOC) $(LIBHOST) $(LIBORDO) -ljansson -ledit \
	    -Wl,--export-dynamic-symbol=ordo_vm_* $(MPI_LIBS)

# (the engines for its output files, the host kit for its number parser,
# which every tool's options share, and its file writer)
$(ORDOC): $(ORDOC_OBJ) $(LIBENGINES) $(LIBOC) $(LIBHOST) $(LIBORDO)
	$(CC) $(LDFLAGS) -o $@ $(ORDOC_OBJ) $(LIBENGINES) $(LIBOC) $(LIBHOST) $(LIBORDO)

# one bison run makes both (a grouped target: GNU make >= 4.3)
$(BUILD)/dsl/parser.c $(BUILD)/dsl/parser.h &: dsl/parser.y | $(DEPS_OK)
	@mkdir -p $(@D)
	$(BISON) -Wall -Werror --defines=$(BUILD)/dsl/parser.h -o $(BUILD)/dsl/parser.c $<

$(BUILD)/dsl/lexer.c: dsl/lexer.l $(GEN_H) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(FLEX) -o $@ $<

# Each object is compiled with its layer's include path.
$(BUILD)/dsl/%.o: INC = $(INC_DSL)
$(BUILD)/runtime/%.o: INC = $(INC_RUNTIME)
$(BUILD)/runtime/host/%.o: INC = $(INC_HOST)
$(BUILD)/compiler/%.o: INC = $(INC_COMPILER)
$(BUILD)/compiler/engines/%.o: INC = $(INC_ENGINES)
$(BUILD)/compiler/engines/explore_mpi.o: INC = $(INC_ENGINES) $(MPI_INC)
$(BUILD)/compiler/driver/%.o: INC = $(INC_DRIVER)

# generated code is not held to -Wextra's unused-function warnings
$(BUILD)/dsl/%.o: $(BUILD)/dsl/%.c $(GEN_H)
	$(CC) $(CPPFLAGS) $(INC) $(CFLAGS) -Wno-unused-function -Wno-sign-compare -MMD -MP -c -o $@ $<

# the runtime and its host kit never need the parser's header
$(BUILD)/runtime/%.o: runtime/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/%.o: %.c $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC) $(CFLAGS) -MMD -MP -c -o $@ $<

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- emitted C and hosts (the emitted C is held to -pedantic too)
# (a ruleset may extend another and read CSV tables: every ruleset's C
# depends on them all)
$(BUILD)/examples/%.c $(BUILD)/examples/%.h: rulesets/%.ordo $(RULESETS) \
        $(wildcard rulesets/data/*/*) $(ORDOC)
	@mkdir -p $(@D)
	$(ORDOC) $< -o $(BUILD)/examples/$*.c --header $(BUILD)/examples/$*.h --symbol $*_program

$(BUILD)/e2e/%.c $(BUILD)/e2e/%.h: tests/e2e/data/%.ordo $(ORDOC)
	@mkdir -p $(@D)
	$(ORDOC) $< -o $(BUILD)/e2e/$*.c --header $(BUILD)/e2e/$*.h --symbol $*_program

$(BUILD)/lang/%.c $(BUILD)/lang/%.h: examples/language/%.ordo $(ORDOC)
	@mkdir -p $(@D)
	$(ORDOC) $< -o $(BUILD)/lang/$*.c --header $(BUILD)/lang/$*.h --symbol $*_program

# what the e2e rulesets read besides themselves (their CSV files, a base)
$(BUILD)/e2e/tables.c: $(wildcard tests/e2e/data/tables/*.csv)
$(BUILD)/e2e/assertions.c: $(wildcard tests/e2e/data/tables/*.csv)
$(BUILD)/e2e/layer.c: $(wildcard tests/e2e/data/layers/*)

# keep the emitted C (make would delete it as an intermediate file)
.PRECIOUS: $(BUILD)/examples/%.c $(BUILD)/examples/%.h $(BUILD)/e2e/%.c $(BUILD)/e2e/%.h \
          $(BUILD)/lang/%.c $(BUILD)/lang/%.h $(BUILD)/examples/%.o $(BUILD)/e2e/%.o \
          $(BUILD)/lang/%.o

# the emitted C, compiled once (its code as C takes the C compiler some
# seconds for a large ruleset) against the runtime's headers alone, as
# strict ISO C: -pedantic, and no POSIX macro (tests/e2e/run.sh counts on
# this build for that check under $(CC))
# (EMIT_OPT: `make test` builds it at -O0 in its sanitizers' pass, where GCC
# at -O1 takes 94 s on Titan's C and 30 s at -O0)
EMIT_OPT ?=
EMIT_CC = $(CC) $(INC_RUNTIME) $(CFLAGS) $(EMIT_OPT) -pedantic -c -o $@ $<
$(BUILD)/examples/%.o: $(BUILD)/examples/%.c runtime/ordo.h runtime/ordo_native.h
	$(EMIT_CC)
$(BUILD)/e2e/%.o: $(BUILD)/e2e/%.c runtime/ordo.h runtime/ordo_native.h
	$(EMIT_CC)
$(BUILD)/lang/%.o: $(BUILD)/lang/%.c runtime/ordo.h runtime/ordo_native.h
	$(EMIT_CC)

# a host sees only the runtime and the host kit
$(BUILD)/examples/%_host: examples/host.c $(BUILD)/examples/%.o $(LIBHOST) $(LIBORDO)
	$(CC) $(CPPFLAGS) $(INC_HOST) $(CFLAGS) -pedantic -DHOST_PROGRAM=$*_program \
	    -o $@ examples/host.c $(BUILD)/examples/$*.o $(LIBHOST) $(LIBORDO) $(LDFLAGS)

$(BUILD)/e2e/%_host: examples/host.c $(BUILD)/e2e/%.o $(LIBHOST) $(LIBORDO)
	$(CC) $(CPPFLAGS) $(INC_HOST) $(CFLAGS) -pedantic -DHOST_PROGRAM=$*_program \
	    -o $@ examples/host.c $(BUILD)/e2e/$*.o $(LIBHOST) $(LIBORDO) $(LDFLAGS)

$(BUILD)/lang/%_host: examples/host.c $(BUILD)/lang/%.o $(LIBHOST) $(LIBORDO)
	$(CC) $(CPPFLAGS) $(INC_HOST) $(CFLAGS) -pedantic -DHOST_PROGRAM=$*_program \
	    -o $@ examples/host.c $(BUILD)/lang/$*.o $(LIBHOST) $(LIBORDO) $(LDFLAGS)

# `ordo test`'s runner over an emitted program's tables (tests/e2e/run.sh)
$(BUILD)/e2e/%_scenarios: tests/e2e/sc_emitted.c $(BUILD)/e2e/%.o \
        $(BUILD)/compiler/engines/scenario.o $(LIBHOST) $(LIBORDO)
	$(CC) $(CPPFLAGS) $(INC_ENGINES) $(CFLAGS) -DSC_PROGRAM=$*_program -o $@ \
	    tests/e2e/sc_emitted.c $(BUILD)/e2e/$*.o $(BUILD)/compiler/engines/scenario.o \
	    $(LIBHOST) $(LIBORDO) $(LDFLAGS)
$(BUILD)/lang/%_scenarios: tests/e2e/sc_emitted.c $(BUILD)/lang/%.o \
        $(BUILD)/compiler/engines/scenario.o $(LIBHOST) $(LIBORDO)
	$(CC) $(CPPFLAGS) $(INC_ENGINES) $(CFLAGS) -DSC_PROGRAM=$*_program -o $@ \
	    tests/e2e/sc_emitted.c $(BUILD)/lang/$*.o $(BUILD)/compiler/engines/scenario.o \
	    $(LIBHOST) $(LIBORDO) $(LDFLAGS)

# ---- the Python binding (python/ordo/, ctypes): it loads the runtime,
# libordo.so, and this library, the compiler with the binding's small C
# half, which calls the runtime in libordo.so too
# (and the engines it reaches: the state search, with the coverage it keeps)
PY_LIB := $(BUILD)/python/libordo_compile.so
PY_ENGINES := $(addprefix compiler/engines/,explore.c explore_edges.c explore_guide.c explore_shrink.c explore_queue.c explore_seeds.c explore_report.c \
                explore_symmetry.c \
                explore_shared.c explore_shared_end.c explore_shared_msg.c explore_threads.c \
                coverage.c native_load.c emit_files.c files.c)
PY_C := python/ordo_shim.c python/ordo_spiel.c $(HOST_SRC)
$(PY_LIB): $(PY_C) $(DSL_SRC) $(COMPILER_SRC) $(PY_ENGINES) $(GEN_C) $(GEN_H) $(LIBSO) \
        $(wildcard dsl/*.h compiler/*.h compiler/engines/*.h runtime/ordo.h) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC_ENGINES) $(CFLAGS) -Wno-unused-function -Wno-sign-compare \
	    -fPIC -shared -o $@ $(PY_C) $(DSL_SRC) $(COMPILER_SRC) $(PY_ENGINES) $(GEN_C) \
	    $(LIBSO) -Wl,-rpath,'$$ORIGIN/..' $(LDFLAGS)
python: $(PY_LIB)

# a ruleset's emitted C as a shared object Python loads
# (ordo.load_game(path, native=...)): no compiler in the process
$(BUILD)/python/native/%.so: $(BUILD)/examples/%.c $(LIBSO) runtime/ordo.h runtime/ordo_native.h
	@mkdir -p $(@D)
	$(CC) $(INC_RUNTIME) $(CFLAGS) $(EMIT_OPT) -fPIC -shared -o $@ $< $(LIBSO) \
	    -Wl,-rpath,'$$ORIGIN/../..'
$(BUILD)/python/native/%.so: $(BUILD)/e2e/%.c $(LIBSO) runtime/ordo.h runtime/ordo_native.h
	@mkdir -p $(@D)
	$(CC) $(INC_RUNTIME) $(CFLAGS) $(EMIT_OPT) -fPIC -shared -o $@ $< $(LIBSO) \
	    -Wl,-rpath,'$$ORIGIN/../..'
PY_NATIVE := $(BUILD)/python/native/splendor_solo.so $(BUILD)/python/native/tiny.so
python-native: $(PY_NATIVE)

# a ruleset's emitted C as a shared object that ordo sim and ordo explore
# play (--native; build/native/NAME.so by default, doc/tools.md): no
# runtime in it, the ordo tool's serves its calls
NATIVE_SO := $(RULESETS:rulesets/%.ordo=$(BUILD)/native/%.so)
.PHONY: native
native: $(NATIVE_SO)
$(BUILD)/native/%.so: $(BUILD)/examples/%.c runtime/ordo.h runtime/ordo_native.h
	@mkdir -p $(@D)
	$(CC) $(INC_RUNTIME) $(CFLAGS) $(EMIT_OPT) -fPIC -shared -o $@ $<

# ---- benchmarks: the harness counts allocations with --wrap=malloc; it
# holds the hand-written Splendor reference and every ruleset as ordoc
# emitted it (the list in emitted.h, X(NAME) a line)
EMITTED_C := $(RULESETS:rulesets/%.ordo=$(BUILD)/examples/%.c)
EMITTED_O := $(EMITTED_C:.c=.o)
$(BUILD)/bench/emitted.h: $(RULESETS)
	@mkdir -p $(@D)
	@printf 'X(%s)\n' $(RULESETS:rulesets/%.ordo=%) >$@

$(BUILD)/bench/bench_titan: tests/bench/bench_titan.c tests/bench/splendor_ref.c \
        tests/bench/splendor_ref.h tests/bench/emitted_programs.h $(EMITTED_O) $(BUILD)/bench/emitted.h \
        $(LIBOC) $(LIBHOST) $(LIBORDO)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC_TEST) -Itests/bench $(CFLAGS) -DSPLENDOR_REF_LIB \
	    $(if $(SPLENDOR),-DSPLENDOR_EMITTED=splendor_solo_program) \
	    -I$(BUILD)/bench -DBENCH_EMITTED='"emitted.h"' \
	    -o $@ $< tests/bench/splendor_ref.c $(EMITTED_O) $(LIBOC) $(LIBHOST) $(LIBORDO) \
	    $(LDFLAGS) -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc

# every ruleset as ordoc emitted it against the interpreter, seed by seed
# (tests/e2e/same_trace.c)
$(BUILD)/e2e/same_trace: tests/e2e/same_trace.c tests/bench/emitted_programs.h $(EMITTED_O) \
        $(BUILD)/bench/emitted.h \
        $(LIBOC) $(LIBORDO)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC_TEST) $(CFLAGS) -Itests/bench -I$(BUILD)/bench -DSAME_EMITTED='"emitted.h"' \
	    -o $@ $< $(EMITTED_O) $(LIBOC) $(LIBORDO) $(LDFLAGS)

# the hand-written Splendor solo game: plain C, on its own (no libordo)
$(BUILD)/bench/splendor_ref: tests/bench/splendor_ref.c tests/bench/splendor_ref.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(LDFLAGS)

$(BUILD)/bench/gen_ruleset: tests/bench/gen_ruleset.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(LDFLAGS)

# ---- tests
# unit tests look inside the runtime: they link its objects, not the
# trimmed libordo.a
# (and the engines: test_engines calls their APIs, the LSP index's with
# jansson)
$(BUILD)/tests/test_engines $(BUILD)/tests/test_tools: TEST_LIBS = -ljansson
# fault injection: the allocator and the file calls of the code under test
# wrapped at link time
$(BUILD)/tests/test_faults: TEST_LIBS = -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free \
    -Wl,--wrap=fread,--wrap=ferror,--wrap=fopen,--wrap=fflush,--wrap=fclose,--wrap=rename
$(BUILD)/tests/test_%: tests/unit/test_%.c $(wildcard tests/unit/*.h) $(LIBENGINES) $(LIBOC) $(LIBHOST) \
        $(RUNTIME_OBJ) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC_TEST) -Itests/unit $(CFLAGS) -o $@ $< $(LIBENGINES) $(LIBOC) $(LIBHOST) \
	    $(RUNTIME_OBJ) $(LDFLAGS) -lcmocka $(TEST_LIBS)

# the mutation fuzzer: bad input never crashes the compiler or the runtime
$(BUILD)/tests/fuzz_compile: tests/fuzz/fuzz_compile.c $(LIBOC) $(LIBORDO)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC_TEST) $(CFLAGS) -o $@ $< $(LIBOC) $(LIBORDO) $(LDFLAGS)

# ---- fuzz targets
$(BUILD)/fuzz/replay_diff $(BUILD)/fuzz/fuzz_diff: $(FUZZ_EMITTED)
# the merge's line reader is an engine's, with jansson
$(BUILD)/fuzz/replay_simline $(BUILD)/fuzz/fuzz_simline: $(LIBENGINES) $(LIBHOST)
FUZZ_LIBS_simline = $(LIBENGINES) $(LIBHOST)
FUZZ_POST_simline = -ljansson
$(BUILD)/fuzz/replay_lsp $(BUILD)/fuzz/fuzz_lsp: $(LIBENGINES)
FUZZ_LIBS_lsp = $(LIBENGINES)
FUZZ_POST_lsp = -ljansson
$(BUILD)/fuzz/replay_host $(BUILD)/fuzz/fuzz_host: $(LIBHOST)
FUZZ_LIBS_host = $(LIBHOST)
$(BUILD)/fuzz/replay_%: tests/fuzz/target_%.c tests/fuzz/replay.c $(FUZZ_H) $(LIBOC) $(RUNTIME_OBJ)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC_TEST) -Itests/fuzz -DORDO_ROOT='"$(CURDIR)"' $(CFLAGS) -o $@ \
	    $< tests/fuzz/replay.c $(if $(filter diff,$*),$(FUZZ_EMITTED)) $(FUZZ_LIBS_$*) $(LIBOC) \
	    $(RUNTIME_OBJ) $(LDFLAGS) $(FUZZ_POST_$*)
$(BUILD)/fuzz/fuzz_%: tests/fuzz/target_%.c $(FUZZ_H) $(LIBOC) $(RUNTIME_OBJ)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC_TEST) -Itests/fuzz -DORDO_ROOT='"$(CURDIR)"' $(CFLAGS) -fsanitize=fuzzer \
	    -o $@ $< $(if $(filter diff,$*),$(FUZZ_EMITTED)) $(FUZZ_LIBS_$*) $(LIBOC) $(RUNTIME_OBJ) \
	    $(LDFLAGS) $(FUZZ_POST_$*)

# `make fuzz FUZZ_SECONDS=N`: every target under libFuzzer for N seconds
# (clang installed when missing), in its own build with clang
fuzz-build: $(FUZZ_LIB)
fuzz: deps
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)
# what the targets reach (clang's source-based coverage, llvm-cov)
fuzz-coverage: deps
	@sh tests/fuzz/coverage.sh

# One pass of every test in $(BUILD); `make test` runs it twice.
# what the suites of one build run (test-build), and the suites (test-one)
test-build: $(ORDO) $(ORDOC) $(LIBORDO) $(UNIT_BIN) $(EXAMPLES) $(E2E_HOSTS) $(LANG_HOSTS) \
          $(LANG_SCENARIOS) \
          $(PY_LIB) $(BUILD)/python/native/tiny.so \
          $(BUILD)/tests/fuzz_compile $(BUILD)/bench/splendor_ref $(FUZZ_REPLAY) \
          $(BUILD)/e2e/same_trace
test-one: test-build
	@sh tests/tools/run_all.sh $(BUILD)

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# The sanitizers' pass runs every suite over the same code paths as the
# plain pass, with fewer games where a suite's cost is its volume (the
# plain pass plays the full counts); each can be set on the command line.
# The MPI runs of explore_shared.sh are the plain pass's alone
# (LeakSanitizer reports libmpi's own allocations at every rank's exit).
ASAN_VOLUME = LANG_SEEDS=$${LANG_SEEDS:-50} CATAN_SWEEP=$${CATAN_SWEEP:-200} \
    SAME_SEEDS=$${SAME_SEEDS:-500} SWEEP=$${SWEEP:-200} HIDDEN_SEEDS=$${HIDDEN_SEEDS:-15} \
    ORDO_SWEEP_STRIDE=$${ORDO_SWEEP_STRIDE:-8} FUZZ=$${FUZZ:-500} PY_FUZZ=$${PY_FUZZ:-100} \
    STRICT_CLANG=0 EXPLORE_MPI=$${EXPLORE_MPI:-0}
# Both builds first (each -j$(JOBS)); then the two passes' suites side by
# side, each mostly one process at a time, so two cores run both (about
# three minutes less than one pass after the other); each pass's output is
# printed whole, the plain one first.
test: deps
	@$(MAKE) --no-print-directory -j$(JOBS) test-build BUILD=build
	@$(ASAN_VOLUME) $(MAKE) --no-print-directory -j$(JOBS) test-build BUILD=build/asan OPT=-O1 EMIT_OPT=-O0 \
	    SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
	@sh tests/tools/run_all.sh build >build/suites.log 2>&1 & plain=$$!; \
	$(ASAN_VOLUME) sh tests/tools/run_all.sh build/asan >build/asan/suites.log 2>&1; asan=$$?; \
	wait $$plain; plain=$$?; cat build/suites.log build/asan/suites.log; \
	echo "make test: the plain pass $$([ $$plain -eq 0 ] && echo passed || echo FAILED)," \
	    "the sanitizers' pass $$([ $$asan -eq 0 ] && echo passed || echo FAILED)"; \
	[ $$plain -eq 0 ] && [ $$asan -eq 0 ]

# the demo compiles one ruleset's C (tests/tools/demo.sh, NATIVE), with the
# rule that `make hosts` uses, so nothing is compiled twice
DEMO_NATIVE := splendor_solo
demo: $(DEPS_OK) $(ORDO) $(ORDOC) $(LIBORDO) $(LIBHOST) $(BUILD)/examples/$(DEMO_NATIVE)_host
	@NATIVE=$(DEMO_NATIVE) sh tests/tools/demo.sh $(BUILD)

# `ordo doc`'s HTML pages loaded and checked in headless Chromium; Debian's
# chromium package (~300 MB) is installed when missing (as root). `make
# test` runs the same check when Chromium is there; .ci/run runs this
# target after it, so CI installs Chromium and never skips it.
doc-browser-test: $(ORDO)
	@sh tests/e2e/doc_browser.sh $(BUILD) --install

# ---- the playground (web/, doc/playground.md): the compiler, the engines
# it calls and the runtime as WebAssembly under one static page, built by
# Debian's emscripten (installed when missing, as root, by
# tests/web/deps.sh; `make test` needs neither it nor Chromium). Its C
# entry points are built natively too, for tests/unit/test_playground.c.
INC_WEB  := $(INC_ENGINES) -Iweb
WEB_SRC  := $(wildcard web/*.c)
WEB_OBJ  := $(WEB_SRC:%.c=$(BUILD)/%.o)
$(BUILD)/web/%.o: INC = $(INC_WEB)
$(BUILD)/tests/test_playground: tests/unit/test_playground.c $(WEB_OBJ) $(LIBENGINES) $(LIBOC) \
        $(LIBHOST) $(RUNTIME_OBJ) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC_WEB) -Itests/unit $(CFLAGS) -o $@ $< $(WEB_OBJ) $(LIBENGINES) $(LIBOC) \
	    $(LIBHOST) $(RUNTIME_OBJ) $(LDFLAGS) -lcmocka

# Debian's emscripten runs its JavaScript tools with node, which finds
# Debian's node-acorn in /usr/share/nodejs
EMCC     ?= emcc
EMCC_RUN := NODE_PATH=/usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH)) $(EMCC)
PG       := $(BUILD)/playground
PG_C     := $(DSL_SRC) $(COMPILER_SRC) $(RUNTIME_SRC) $(HOST_SRC) $(WEB_SRC) \
            compiler/engines/scenario.c compiler/engines/coverage.c compiler/engines/doc_run.c
PG_OBJ   := $(PG_C:%.c=$(BUILD)/wasm/%.o) $(BUILD)/wasm/dsl/parser.o $(BUILD)/wasm/dsl/lexer.o
PG_EXPORTS := _pg_open,_pg_close,_pg_compile,_pg_scenarios,_pg_document,_pg_new_game,_pg_choose
PG_EXPORTS := $(PG_EXPORTS),_pg_state,_malloc,_free
PG_STATIC  := index.html playground.js highlight.js selftest.js style.css
PG_FILES   := $(PG_STATIC:%=$(PG)/%) $(PG)/ordo.tmLanguage.json $(PG)/ordo.js
WASM_FLAGS := -std=c11 -O2 -Wall -Wextra
$(BUILD)/wasm/dsl/%.o: INC = $(INC_DSL)
$(BUILD)/wasm/runtime/%.o: INC = $(INC_RUNTIME)
$(BUILD)/wasm/runtime/host/%.o: INC = $(INC_HOST)
$(BUILD)/wasm/compiler/%.o: INC = $(INC_COMPILER)
$(BUILD)/wasm/compiler/engines/%.o: INC = $(INC_ENGINES)
$(BUILD)/wasm/web/%.o: INC = $(INC_WEB)
$(BUILD)/wasm/dsl/%.o: $(BUILD)/dsl/%.c $(GEN_H) | $(BUILD)/.emcc-ok
	@mkdir -p $(@D)
	$(EMCC_RUN) $(CPPFLAGS) $(INC) $(WASM_FLAGS) -Wno-unused-function -Wno-sign-compare \
	    -MMD -MP -c -o $@ $<
$(BUILD)/wasm/%.o: %.c $(GEN_H) | $(BUILD)/.emcc-ok
	@mkdir -p $(@D)
	$(EMCC_RUN) $(CPPFLAGS) $(INC) $(WASM_FLAGS) -MMD -MP -c -o $@ $<
$(BUILD)/.emcc-ok: tests/web/deps.sh
	@sh tests/web/deps.sh emcc
	@mkdir -p $(@D)
	@touch $@

# the shipped rulesets and their tables preloaded at /rulesets, so that
# `extends` and `table` read them as on disk
$(PG)/ordo.js: $(PG_OBJ) $(RULESETS) $(wildcard rulesets/data/*/*)
	@mkdir -p $(@D)
	$(EMCC_RUN) -O2 -o $@ $(PG_OBJ) -sALLOW_MEMORY_GROWTH=1 -sMODULARIZE=1 \
	    -sEXPORT_NAME=OrdoModule -sEXPORTED_FUNCTIONS=$(PG_EXPORTS) \
	    -sEXPORTED_RUNTIME_METHODS=ccall,FS,lengthBytesUTF8,stringToUTF8 --preload-file rulesets@/rulesets
$(PG)/%: web/%
	@mkdir -p $(@D)
	cp $< $@
$(PG)/ordo.tmLanguage.json: editors/textmate/ordo.tmLanguage.json
	@mkdir -p $(@D)
	cp $< $@
playground: $(PG_FILES)
playground-test: playground
	@sh tests/web/run.sh $(BUILD) --install

bench: all $(EXAMPLES) $(BENCH_BIN) $(PY_LIB) $(BUILD)/python/native/splendor_solo.so \
       $(BUILD)/python/native/catan.so $(NATIVE_SO)
	@sh tests/bench/run.sh $(BUILD)

install: all $(PY_LIB)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(MANDIR)/man5
	install -m 755 $(ORDO) $(ORDOC) $(DESTDIR)$(BINDIR)
	install -m 644 $(LIBORDO) $(LIBHOST) $(DESTDIR)$(LIBDIR)
	install -m 755 $(LIBSO) $(DESTDIR)$(LIBDIR)
	ln -sf libordo.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libordo.so.$(SOMAJOR)
	ln -sf libordo.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libordo.so
	install -m 644 $(HEADERS) $(DESTDIR)$(INCDIR)
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@VERSION@|$(VERSION)|' runtime/ordo.pc.in \
	    >$(DESTDIR)$(LIBDIR)/pkgconfig/ordo.pc
	install -m 644 $(MAN1) $(DESTDIR)$(MANDIR)/man1
	install -m 644 man/ordo.3 $(DESTDIR)$(MANDIR)/man3
	install -m 644 man/ordo.5 $(DESTDIR)$(MANDIR)/man5
	install -d $(DESTDIR)$(PYDIR)/ordo
	install -m 644 python/ordo/*.py $(DESTDIR)$(PYDIR)/ordo
	install -m 755 $(PY_LIB) $(DESTDIR)$(PYDIR)/ordo
	printf '# where make install put the runtime\nLIBDIR = %s\n' "'$(LIBDIR)'" \
	    >$(DESTDIR)$(PYDIR)/ordo/_installed.py
	@# into the system itself (no DESTDIR), as root: the loader's cache learns
	@# libordo.so.$(SOMAJOR); a host built with pkg-config also carries the
	@# library's folder as its rpath (ordo.pc), for a PREFIX the loader does
	@# not search
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then \
	    { ldconfig || /sbin/ldconfig; } 2>/dev/null || echo "make install: ldconfig failed"; fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/ordo $(DESTDIR)$(BINDIR)/ordoc
	rm -f $(DESTDIR)$(LIBDIR)/libordo.a $(DESTDIR)$(LIBDIR)/libordohost.a
	rm -f $(DESTDIR)$(LIBDIR)/libordo.so $(DESTDIR)$(LIBDIR)/libordo.so.$(SOMAJOR)
	rm -f $(DESTDIR)$(LIBDIR)/libordo.so.$(VERSION) $(DESTDIR)$(LIBDIR)/pkgconfig/ordo.pc
	rm -f $(HEADERS:runtime/%=$(DESTDIR)$(INCDIR)/%) $(DESTDIR)$(INCDIR)/ordo_host.h
	-rmdir $(DESTDIR)$(INCDIR) 2>/dev/null
	rm -f $(DESTDIR)$(MANDIR)/man1/ordo.1 $(DESTDIR)$(MANDIR)/man1/ordoc.1
	rm -f $(DESTDIR)$(MANDIR)/man3/ordo.3 $(DESTDIR)$(MANDIR)/man5/ordo.5
	rm -rf $(DESTDIR)$(PYDIR)/ordo

clean:
	rm -rf build
