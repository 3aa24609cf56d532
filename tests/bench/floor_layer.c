/* Benchmark, not a test: the floor of what any layer that sees every call can cost, to set
 * beside clvet's figures in layer_overhead. An ICD-loader layer whose wrappers of the calls the
 * benchmark's workloads make do nothing but call the next entry point
 * (CLVET_FLOOR=pass), or that and a record of the call as small as a trace record can be: the
 * entry point, the thread's record count and the time-stamp counter at entry and exit, copied
 * into a per-thread buffer that wraps (CLVET_FLOOR=stamp; nothing checked, nothing kept, not
 * crash safe); or, as the floor of any recorder that keeps its trace in a file a crash leaves
 * whole, that record and the call's first three arguments (48 bytes) stored into a shared
 * mapping of a file, grown in 8 MiB chunks zeroed by pwrite before they are mapped as clvet's
 * writer does (CLVET_FLOOR=trace, the file at CLVET_FLOOR_FILE; nothing encoded, no object
 * named, nothing framed or checksummed); or the stamp and CLVET_FLOOR_SPIN nanoseconds of
 * work on registers alone per call (CLVET_FLOOR=spin: what a layer's pure CPU time per call
 * costs a workload, cache and driver threads aside); or, as the floor of a recorder of what a
 * clvet trace holds of each call (CLVET_FLOOR=record, the file at CLVET_FLOOR_FILE), the least
 * such a recorder writes: before the call is forwarded, an entry in the file's mapping (a state
 * and length word, the call's index and entry time as varints from the trace's start, its entry
 * point, and its arguments and the bytes behind them raw, or, where they are those of the
 * thread's previous call of the entry point, a repeat naming that call's entry), and when it
 * returns its code and duration (the clock read again, but for clSetKernelArg, as clvet's
 * recorder does), the entry then marked complete; no handle named, no rule checked, nothing
 * framed or checksummed. Every other entry point goes straight to the driver. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl_icd.h>
#include <CL/cl_layer.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <x86intrin.h>

#define EXPORT __attribute__((visibility("default")))

static cl_icd_dispatch g_next;   /* the driver's entry points, beneath this layer */
static cl_icd_dispatch g_table;  /* what the loader calls */
static int g_stamp;
enum mode { kPass, kStamp, kTrace, kSpin, kRecord };
static enum mode g_mode;
static uint64_t g_spin_cycles;  /* CLVET_FLOOR=spin: time-stamp counter ticks per call */

struct record {
  uint64_t enter, exit;
  uint32_t entry, count;
  uint64_t argument;
};
enum { kRecords = 1 << 15 };
static __thread struct record t_records[kRecords];
static __thread uint32_t t_count;

/* CLVET_FLOOR=trace: the file's mapping, one chunk at a time (one thread: the benchmark's). */
enum { kChunk = 8 << 20 };
static int g_file = -1;
static unsigned char* g_chunk;
static uint64_t g_chunk_at;  /* the chunk's offset in the file */
static uint64_t g_cursor;    /* bytes written in the chunk */

static void next_chunk(void) {
  static unsigned char zeros[1 << 16];
  if (g_chunk != NULL) {
    munmap(g_chunk, kChunk);
    g_chunk_at += kChunk;
  }
  for (uint64_t at = 0; at < kChunk; at += sizeof zeros)
    if (pwrite(g_file, zeros, sizeof zeros, (off_t)(g_chunk_at + at)) != (ssize_t)sizeof zeros) abort();
  g_chunk = mmap(NULL, kChunk, PROT_READ | PROT_WRITE, MAP_SHARED, g_file, (off_t)g_chunk_at);
  if (g_chunk == MAP_FAILED) abort();
  g_cursor = 0;
}

static inline uint64_t enter(void) { return g_stamp ? __rdtsc() : 0; }
static inline void leave3(uint32_t entry, uint64_t at, const void* argument, uint64_t second,
                          uint64_t third) {
  if (!g_stamp) return;
  struct record* r = &t_records[t_count & (kRecords - 1)];
  r->enter = at;
  r->exit = __rdtsc();
  r->entry = entry;
  r->count = t_count++;
  r->argument = (uint64_t)(uintptr_t)argument;
  if (g_mode == kSpin) {
    while (__rdtsc() - r->exit < g_spin_cycles) __asm__ volatile("pause");
  } else if (g_mode == kTrace) {
    if (g_cursor + 48 > kChunk) next_chunk();
    uint64_t words[6] = {r->enter, r->exit, (uint64_t)entry | (uint64_t)r->count << 32,
                         r->argument, second, third};
    memcpy(g_chunk + g_cursor, words, sizeof words);
    g_cursor += sizeof words;
  }
}
static inline void leave(uint32_t entry, uint64_t at, const void* argument) {
  leave3(entry, at, argument, 0, 0);
}

/* CLVET_FLOOR=record: the thread's previous call of each entry point (the benchmark's one thread
 * writes the file). */
struct recent {
  uint64_t at;  /* its entry's offset in the file, 0: none */
  uint32_t words, input_size;
  uint64_t arguments[9];
  unsigned char input[32];
};
static struct recent g_recent[16];
static uint64_t g_index;
static uint64_t g_origin;

static inline unsigned char* put_varint(unsigned char* out, uint64_t v) {
  while (v >= 0x80) {
    *out++ = (unsigned char)(v | 0x80);
    v >>= 7;
  }
  *out++ = (unsigned char)v;
  return out;
}
static inline uint64_t since_origin_ns(uint64_t ticks) {
  return (ticks - g_origin) * 23 >> 6; /* ns at about 2.8 GHz: a multiply, as a clock conversion */
}
static inline void store_state(unsigned char* entry, uint32_t state, uint64_t length) {
  const uint32_t word = state | (uint32_t)length << 8;
  __asm__ volatile("" ::: "memory"); /* the payload before its state */
  memcpy(entry, &word, sizeof word);
}
/* The call's entry, written before it is forwarded: returns it. */
static inline unsigned char* record_enter(uint32_t entry, uint64_t at, const uint64_t* arguments,
                                          uint32_t words, const void* input, uint32_t input_size) {
  if (g_cursor + 256 > kChunk) next_chunk();
  unsigned char* start = g_chunk + g_cursor;
  unsigned char* p = put_varint(start + 4, ++g_index);
  p = put_varint(p, since_origin_ns(at));
  *p++ = (unsigned char)entry;
  struct recent* r = &g_recent[entry];
  const uint64_t offset = g_chunk_at + g_cursor;
  if (r->at != 0 && r->words == words && r->input_size == input_size &&
      memcmp(r->arguments, arguments, words * sizeof(uint64_t)) == 0 &&
      (input_size == 0 || memcmp(r->input, input, input_size) == 0)) {
    *p++ = 0xf7;
    p = put_varint(p, offset - r->at);
  } else {
    memcpy(p, arguments, words * sizeof(uint64_t));
    p += words * sizeof(uint64_t);
    if (input_size != 0) memcpy(p, input, input_size);
    p += input_size;
    r->at = offset;
    r->words = words;
    r->input_size = input_size;
    memcpy(r->arguments, arguments, words * sizeof(uint64_t));
    if (input_size != 0) memcpy(r->input, input, input_size);
  }
  store_state(start, 0xe1, (uint64_t)(p - start - 4));
  g_cursor = (uint64_t)(p - g_chunk);
  return start;
}
/* Its code and duration when it returns (`timed`: the clock read again), the entry complete. */
static inline void record_return(unsigned char* start, cl_int code, uint64_t at, int timed) {
  unsigned char* p = g_chunk + g_cursor;
  *p++ = 0xf0;
  p = put_varint(p, ((uint64_t)(int64_t)code << 1) ^ (uint64_t)((int64_t)code >> 63));
  if (timed) {
    *p++ = 0xf4;
    p = put_varint(p, since_origin_ns(__rdtsc()) - since_origin_ns(at));
  } else {
    *p++ = 0xf6;
  }
  store_state(start, 0xe2, (uint64_t)(p - start - 4));
  g_cursor = (uint64_t)(p - g_chunk);
}

/* CLVET_FLOOR=record: returns `call`'s code, its entry written before it and completed after
 * (`timed`: its duration measured), the arguments those after `call`. */
#define RECORDED(entry, timed, input, input_size, call, ...)                                   \
  do {                                                                                          \
    const uint64_t at_ = __rdtsc();                                                             \
    const uint64_t arguments_[] = {__VA_ARGS__};                                                \
    unsigned char* entry_ = record_enter((entry), at_, arguments_,                              \
                                         sizeof arguments_ / sizeof arguments_[0], (input),     \
                                         (input_size));                                         \
    const cl_int code_ = (call);                                                                \
    record_return(entry_, code_, at_, (timed));                                                 \
    return code_;                                                                               \
  } while (0)

/* Time-stamp counter ticks in `ns` nanoseconds, measured against CLOCK_MONOTONIC. */
static uint64_t ticks_in(uint64_t ns) {
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  const uint64_t t0 = __rdtsc();
  do clock_gettime(CLOCK_MONOTONIC, &b);
  while ((uint64_t)(b.tv_sec - a.tv_sec) * 1000000000u + (uint64_t)(b.tv_nsec - a.tv_nsec) < 20000000u);
  const uint64_t per_20ms = __rdtsc() - t0;
  return per_20ms * ns / 20000000u;
}

static cl_int CL_API_CALL get_mem_info(cl_mem m, cl_mem_info p, size_t s, void* v, size_t* r) {
  if (g_mode == kRecord)
    RECORDED(1, 0, NULL, 0, g_next.clGetMemObjectInfo(m, p, s, v, r), (uintptr_t)m, p,
             s, (uintptr_t)v, (uintptr_t)r);
  const uint64_t at = enter();
  const cl_int code = g_next.clGetMemObjectInfo(m, p, s, v, r);
  leave(1, at, m);
  return code;
}
static cl_int CL_API_CALL retain_mem(cl_mem m) {
  if (g_mode == kRecord)
    RECORDED(2, 0, NULL, 0, g_next.clRetainMemObject(m), (uintptr_t)m);
  const uint64_t at = enter();
  const cl_int code = g_next.clRetainMemObject(m);
  leave(2, at, m);
  return code;
}
static cl_int CL_API_CALL release_mem(cl_mem m) {
  if (g_mode == kRecord)
    RECORDED(3, 0, NULL, 0, g_next.clReleaseMemObject(m), (uintptr_t)m);
  const uint64_t at = enter();
  const cl_int code = g_next.clReleaseMemObject(m);
  leave(3, at, m);
  return code;
}
static cl_int CL_API_CALL get_event_info(cl_event e, cl_event_info p, size_t s, void* v, size_t* r) {
  if (g_mode == kRecord)
    RECORDED(4, 0, NULL, 0, g_next.clGetEventInfo(e, p, s, v, r), (uintptr_t)e, p, s,
             (uintptr_t)v, (uintptr_t)r);
  const uint64_t at = enter();
  const cl_int code = g_next.clGetEventInfo(e, p, s, v, r);
  leave(4, at, e);
  return code;
}
static cl_int CL_API_CALL set_kernel_arg(cl_kernel k, cl_uint i, size_t s, const void* v) {
  if (g_mode == kRecord) /* the loop sets two arguments in turn: each its own previous call */
    RECORDED(5 + (i & 1) * 3, 0, v, v != NULL && s <= 32 ? (uint32_t)s : 0,
             g_next.clSetKernelArg(k, i, s, v), (uintptr_t)k, i, s, (uintptr_t)v);
  const uint64_t at = enter();
  const cl_int code = g_next.clSetKernelArg(k, i, s, v);
  leave3(5, at, k, i, s);
  return code;
}
static cl_int CL_API_CALL enqueue_ndrange(cl_command_queue q, cl_kernel k, cl_uint d,
                                          const size_t* o, const size_t* g, const size_t* l,
                                          cl_uint n, const cl_event* w, cl_event* e) {
  if (g_mode == kRecord) {
    size_t sizes[3] = {0, 0, 0};
    if (g != NULL && d >= 1 && d <= 3) memcpy(sizes, g, d * sizeof(size_t));
    RECORDED(6, 1, sizes, (uint32_t)(d <= 3 ? d : 0) * sizeof(size_t),
             g_next.clEnqueueNDRangeKernel(q, k, d, o, g, l, n, w, e), (uintptr_t)q,
             (uintptr_t)k, d, (uintptr_t)o, (uintptr_t)g, (uintptr_t)l, n, (uintptr_t)w,
             (uintptr_t)e);
  }
  const uint64_t at = enter();
  const cl_int code = g_next.clEnqueueNDRangeKernel(q, k, d, o, g, l, n, w, e);
  leave3(6, at, k, (uint64_t)(uintptr_t)q, g != NULL ? g[0] : 0);
  return code;
}
static cl_int CL_API_CALL enqueue_write(cl_command_queue q, cl_mem b, cl_bool blocking, size_t o,
                                        size_t s, const void* p, cl_uint n, const cl_event* w,
                                        cl_event* e) {
  if (g_mode == kRecord)
    RECORDED(7, 1, NULL, 0, g_next.clEnqueueWriteBuffer(q, b, blocking, o, s, p, n, w, e),
             (uintptr_t)q, (uintptr_t)b, blocking, o, s, (uintptr_t)p, n, (uintptr_t)w,
             (uintptr_t)e);
  const uint64_t at = enter();
  const cl_int code = g_next.clEnqueueWriteBuffer(q, b, blocking, o, s, p, n, w, e);
  leave3(7, at, b, (uint64_t)(uintptr_t)q, s);
  return code;
}

EXPORT cl_int CL_API_CALL clGetLayerInfo(cl_layer_info name, size_t size, void* value,
                                         size_t* size_ret) {
  if (name != CL_LAYER_API_VERSION) return CL_INVALID_VALUE;
  const cl_layer_api_version version = CL_LAYER_API_VERSION_100;
  if (value != NULL) {
    if (size < sizeof version) return CL_INVALID_VALUE;
    memcpy(value, &version, sizeof version);
  }
  if (size_ret != NULL) *size_ret = sizeof version;
  return CL_SUCCESS;
}

EXPORT cl_int CL_API_CALL clInitLayer(cl_uint num_entries, const cl_icd_dispatch* target,
                                      cl_uint* num_entries_ret,
                                      const cl_icd_dispatch** layer_dispatch_ret) {
  if (target == NULL || num_entries_ret == NULL || layer_dispatch_ret == NULL)
    return CL_INVALID_VALUE;
  const size_t offered = num_entries * sizeof(void*);
  memcpy(&g_next, target, offered < sizeof g_next ? offered : sizeof g_next);
  g_table = g_next;
  const char* mode = getenv("CLVET_FLOOR");
  g_mode = mode == NULL                    ? kPass
           : strcmp(mode, "stamp") == 0    ? kStamp
           : strcmp(mode, "trace") == 0    ? kTrace
           : strcmp(mode, "spin") == 0     ? kSpin
           : strcmp(mode, "record") == 0   ? kRecord
                                           : kPass;
  g_stamp = g_mode != kPass;
  if (g_mode == kTrace || g_mode == kRecord) {
    const char* path = getenv("CLVET_FLOOR_FILE");
    g_file = path != NULL ? open(path, O_RDWR | O_CREAT | O_TRUNC, 0644) : -1;
    if (g_file < 0) return CL_INVALID_VALUE;
    next_chunk();
  }
  g_origin = __rdtsc();
  if (g_mode == kSpin) {
    const char* ns = getenv("CLVET_FLOOR_SPIN");
    g_spin_cycles = ticks_in(ns != NULL ? strtoull(ns, NULL, 10) : 100);
  }
  g_table.clGetMemObjectInfo = get_mem_info;
  g_table.clRetainMemObject = retain_mem;
  g_table.clReleaseMemObject = release_mem;
  g_table.clGetEventInfo = get_event_info;
  g_table.clSetKernelArg = set_kernel_arg;
  g_table.clEnqueueNDRangeKernel = enqueue_ndrange;
  g_table.clEnqueueWriteBuffer = enqueue_write;
  *num_entries_ret = sizeof g_table / sizeof(void*);
  *layer_dispatch_ret = &g_table;
  return CL_SUCCESS;
}
