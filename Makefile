# The two commands of the README, and the steps they are made of.
#   make demo   install dependencies, build, run the main job (clinfo and the example programs
#               on the reference device, kernels included, then programs under the layer on
#               PoCL, with clvet's reports)
#   make test   install dependencies, build, run the whole test suite (a ThreadSanitizer build
#               of the multithreaded tests first, then every test)
#   make bench  build, then the benchmark (not a test) of the layer's overhead on a million
#               cheap calls: CPU time without the layer, under it, and tracing, as ratios
#   make bench-gui  build, then the GUI benchmark (not a test): clvet-gui on a million-call trace,
#               time to the first painted page, to the end of the scan, and per page scrolled
#   make bench-kernels  build, then the kernel benchmark (not a test): eleven kernels on the
#               reference device (checkers off, then all on), PoCL and Oclgrind (its default
#               checks, race detection, uninitialised values): CPU time, peak memory, ratios
#               (SCALE=1 by default)
#   make bench-scaling  build, then the kernel benchmark on the reference device alone with
#               CLVET_THREADS set to each of THREADS ("1 2 4 8 16" by default), checkers off and
#               all on: the wall time on one thread and the speed-up on each count (SCALE=16)
#   make bench-replay  build, then the replay benchmark (not a test): a million cheap calls and
#               a kernel loop replayed from data-less traces, beside the same plain C loop
#   make bench-diff  build, then the diff benchmark (not a test): clvet diff on 120 launches
#               recorded on PoCL, a runner process per launch beside one shared runner
#   make bench-images  build, then the image benchmark (not a test): read_imagef and
#               write_imagef against the same loads and stores from buffers on the reference
#               device, checkers off and all on, with ratios
#   make bench-builds  build, then the build benchmark (not a test): clBuildProgram of small
#               programs from source (a one-line kernel, C11 atomics, math built-ins) on the
#               reference device and PoCL, their caches of builds off: CPU and wall ms a build
#   make bench-atomics  build, then the atomics benchmark (not a test): kernels of the CTS's
#               c11_atomics shape (1,024 work-items, each 10,000 exchanges, compare-exchanges or
#               fetch_or/and/xor on one object) on the reference device and PoCL: atomics a
#               second and the reference device's time as a multiple of PoCL's
#   make bench-half  build, then the half benchmark (not a test): the 37 kernels of a block of the
#               CTS's test_half vstore_half on the reference device and PoCL, CPU ms each and as a
#               multiple of PoCL's, and the CPU a whole vstore_half sub-test's kernels would take
#   make bench-query-loops  build, then the CTS test_allocations image-kernel benchmark (not a
#               test): a loop over every row calling get_image_height and get_global_id, one lane
#               writing or reading each row, on the reference device and PoCL: CPU seconds and
#               the reference device's as a multiple of PoCL's
#   make conformance  build, then piglit's whole quick_cl profile (about 700 tests) on the
#               reference device, each result judged against tests/conformance/piglit_expected.tsv;
#               with CTS_BUILD=path (a Khronos CTS build) also tests/conformance/cts_list.txt's
#               CTS binaries on the reference device and PoCL (tests/conformance/cts_results.tsv)

BUILD ?= build
TSAN_BUILD ?= build-tsan
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: deps build demo test tsan bench bench-kernels bench-scaling bench-gui bench-replay bench-diff bench-images bench-builds bench-atomics bench-half bench-query-loops conformance clean

deps:
	./.ci/install-deps

build: deps
	cmake -S . -B $(BUILD) -G Ninja $(CMAKE_FLAGS) -DCLVET_TSAN_BUILD_DIR=$(abspath $(TSAN_BUILD))
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@echo "== clinfo, with the clvet reference device as the only platform"
	OCL_ICD_VENDORS=$(abspath $(BUILD))/icd OCL_ICD_FILENAMES= clinfo
	@echo "== an example program on the reference device, under clvet"
	$(BUILD)/layer/clvet run --device=reference -- $(BUILD)/tests/buffer_pipeline; \
	  echo "clvet run exited with $$? (1: the program ran and clvet reported findings)"
	@echo "== an application of six kernels (a blur through __local tiles, a histogram with atomics, a scan, a reduction, float4 math, printf) compiled and run on the reference device"
	$(BUILD)/layer/clvet run --device=reference -- $(BUILD)/tests/image_pipeline; \
	  echo "clvet run exited with $$?"
	@echo "== the same program on the system's platforms (PoCL), under the clvet layer"
	$(BUILD)/layer/clvet run -- $(BUILD)/tests/buffer_pipeline; \
	  echo "clvet run exited with $$?"
	@echo "== a program that uses a buffer and an event after releasing them, and a buffer as a queue, under the clvet layer"
	$(BUILD)/layer/clvet run -- $(BUILD)/tests/layer/programs/use_after_release; \
	  echo "clvet run exited with $$? (1: the program ran and clvet reported findings)"

# Unoptimised: the ThreadSanitizer build only runs the multithreaded tests (the reference device
# under host threads, the layer's object table, the tracing layer under four threads), and -O0
# halves the time the interpreter's built-in library takes to compile (CI has two cores).
tsan: deps
	cmake -S . -B $(TSAN_BUILD) -G Ninja -DCLVET_TSAN=ON -DCMAKE_BUILD_TYPE=Debug
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target clvet-threads-tests clvet-object-table-tests clvet-layer

test: tsan build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	./tests/bench/layer_overhead.sh $(BUILD)

bench-gui: build
	QT_QPA_PLATFORM=offscreen $(BUILD)/tests/bench/gui_open

SCALE ?= 1
bench-kernels: build
	./tests/bench/kernel_speed.sh $(BUILD) $(SCALE)

bench-scaling: build
	THREADS="$(or $(THREADS),1 2 4 8 16)" ./tests/bench/kernel_scaling.sh $(BUILD) $(or $(SCALE),16)

bench-replay: build
	$(BUILD)/tests/bench/replay_speed $(BUILD)/layer/clvet $(BUILD)/tests/bench/layer_overhead

bench-diff: build
	OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd OCL_ICD_FILENAMES= \
	  $(BUILD)/tests/bench/diff_speed $(BUILD)/layer/clvet $(BUILD)/tests/bench/many_launches

bench-images: build
	OCL_ICD_VENDORS=$(abspath $(BUILD))/icd OCL_ICD_FILENAMES= $(BUILD)/tests/bench/image_access

bench-builds: build
	OCL_ICD_VENDORS=$(abspath $(BUILD))/tests/kernel-platforms OCL_ICD_FILENAMES= $(BUILD)/tests/bench/build_speed

bench-atomics: build
	OCL_ICD_VENDORS=$(abspath $(BUILD))/tests/kernel-platforms OCL_ICD_FILENAMES= $(BUILD)/tests/bench/atomic_speed

bench-half: build
	OCL_ICD_VENDORS=$(abspath $(BUILD))/tests/kernel-platforms OCL_ICD_FILENAMES= $(BUILD)/tests/bench/half_speed

bench-query-loops: build
	OCL_ICD_VENDORS=$(abspath $(BUILD))/tests/kernel-platforms OCL_ICD_FILENAMES= $(BUILD)/tests/bench/query_loops

CTS_BUILD ?=
conformance: build
	python3 tests/conformance/piglit.py all $(abspath $(BUILD))/icd $(abspath $(BUILD))/piglit-quick-cl
	if [ -n "$(CTS_BUILD)" ]; then python3 tests/conformance/cts.py run $(CTS_BUILD) $(abspath $(BUILD))/icd $(abspath $(BUILD))/cts-logs; fi

clean:
	rm -rf $(BUILD) $(TSAN_BUILD)
