/* Random sequences of OpenCL calls for the layer (tests/layer/fuzz): entry points chosen at
 * random, each given handles that are alive, released, of another kind, garbage or NULL, also
 * inside lists (wait lists, device lists, property lists) and values (kernel arguments,
 * binaries), and SVM pointers alive, freed, of no allocation or NULL (in copies, fills, maps,
 * migrations, kernel arguments and a kernel's SVM pointers). Run under `clvet run` on a platform, the process must live to the end: whatever
 * would crash the driver is refused by the layer. Host memory is always honest (every array
 * holds 8 elements and every buffer 4096 bytes whatever the counts and sizes say), so a crash
 * is the layer's or the driver's, never this program's.
 *
 * usage: api_sequences SECONDS SEED [CHOICES_FILE]
 * The choices come from CHOICES_FILE's bytes (then from the generator) or from a generator
 * seeded with SEED: the same seed makes the same calls. Each call is named on stdout before it
 * is made, so the last line names the call that crashed. */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum kind { NONE, PLATFORM, DEVICE, CONTEXT, QUEUE, MEM, SAMPLER, PROGRAM, KERNEL, EVENT, KINDS };

struct slot {
  void* handle;
  enum kind kind;
};

#define SLOTS 96
#define FIXED 16 /* the first slots are never overwritten: the objects made at the start */
static struct slot slots[SLOTS];
static int used;

static const unsigned char* input;
static size_t input_size, input_at;
static uint64_t state;

static unsigned choose(unsigned n) {
  unsigned value;
  if (input_at < input_size) {
    value = input[input_at++];
  } else {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    value = (unsigned)(state >> 32);
  }
  return n ? value % n : 0;
}

static void keep(void* handle, enum kind kind) {
  if (handle == NULL) return;
  int at = used < SLOTS ? used++ : FIXED + (int)choose(SLOTS - FIXED);
  slots[at].handle = handle;
  slots[at].kind = kind;
}

/* Mostly a handle of the kind asked for (alive or released), else anything in the pool. */
static void* pick(enum kind kind) {
  if (choose(4) != 0) {
    int start = (int)choose((unsigned)used);
    for (int i = 0; i < used; ++i) {
      const struct slot* s = &slots[(start + i) % used];
      if (s->kind == kind) return s->handle;
    }
  }
  return slots[choose((unsigned)used)].handle;
}

static unsigned char host[4096];
/* SVM allocations, each of 4096 bytes whatever a call's size says (as host memory is), alive
 * or given to clSVMFree: a pointer a call takes is one of them, the host's memory, NULL or,
 * where the call takes only SVM pointers (`any_address`), an address in nothing or inside an
 * allocation. clEnqueueSVMMemcpy takes host memory too (2.0 §5.6.1), so the layer cannot tell
 * a freed allocation's address from host memory the process allocated there since: it gets
 * the start of an allocation never given to clSVMFree, the host's memory or NULL (anything
 * else there would be this program's crash, 4096 bytes at most). */
static void* svm[8];
static int svm_freed[8];
static int svm_used;

static void* pick_svm(int any_address) {
  switch (choose(6)) {
    case 0: return host;
    case 1: return any_address ? (void*)(uintptr_t)0x7e57a11 : host;
    case 2: return NULL;
    default: {
      if (svm_used == 0) return NULL;
      const int i = (int)choose((unsigned)svm_used);
      if (!any_address) return svm_freed[i] ? host : svm[i];
      return (char*)svm[i] + (choose(4) == 0 ? 64 : 0);
    }
  }
}
/* For the calls that take only SVM allocations and write or map `size` bytes through them (a
 * fill, a map, a migration, a kernel's SVM pointers): the start of an allocation, alive or given
 * to clSVMFree (the layer must refuse it, unless clSVMAlloc gave the address out again), the
 * host's memory or NULL; never an address in nothing, which the layer does not judge there and
 * the driver would write through. */
static void* pick_svm_or_freed(void) {
  if (svm_used > 0 && choose(3) != 0) {
    const int i = (int)choose((unsigned)svm_used);
    return svm[i];  /* a freed one's address may be a new allocation's start again: no offset */
  }
  return choose(2) ? host : NULL;
}
static void* handles[8];
static cl_int codes[8];
static size_t sizes[8];

/* A list of up to 8 handles of `kind`, or NULL; its count may say otherwise. */
static void* const* list_of(enum kind kind, cl_uint* count) {
  *count = choose(4);
  if (choose(6) == 0) return NULL;
  for (int i = 0; i < 8; ++i) handles[i] = pick(kind);
  return handles;
}

static size_t a_size(void) {
  static const size_t choices[] = {0, 1, 4, 8, 16, 64, 256, 4096};
  return choices[choose(8)];
}

static void log_call(const char* name) {
  printf("%s\n", name);
}

/* The kernels never dereference `out`: clSetKernelArg takes NULL for a buffer argument (OpenCL
 * 1.2 §5.7.2: "the arg_value pointer can be NULL or point to a NULL value in which case a NULL
 * value will be used as the value for the argument"), and the buffers this program makes may
 * hold a byte. A kernel that stored through `out` would be this program's crash inside the
 * driver's work-group function (PoCL runs it and faults on the NULL store), valid calls all
 * the way. The __local argument holds at least 4 bytes whenever it is set (0 is refused). */
static const char* kSource =
    "__kernel void k(__global int* out, int n, __local int* scratch, sampler_t s) {\n"
    "  if (get_local_id(0) == 0) scratch[0] = n;\n"
    "}\n"
    "__kernel void any(__global int* out, int n) { }\n";

static void start(void) {
  cl_platform_id platform = NULL;
  cl_device_id device = NULL;
  cl_int err = CL_SUCCESS;
  clGetPlatformIDs(1, &platform, NULL);
  keep(platform, PLATFORM);
  clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
  keep(device, DEVICE);
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  keep(context, CONTEXT);
  keep(clCreateCommandQueue(context, device, 0, &err), QUEUE);
  keep(clCreateBuffer(context, CL_MEM_READ_WRITE, 256, NULL, &err), MEM);
  keep(clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err), MEM);
  cl_program program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  keep(program, PROGRAM);
  clBuildProgram(program, 1, &device, "", NULL, NULL);
  keep(clCreateKernel(program, "k", &err), KERNEL);
  keep(clCreateKernel(program, "any", &err), KERNEL); /* the fake ICD's one kernel */
  keep(clCreateSampler(context, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &err), SAMPLER);
  /* Complete at once: a wait on a user event never set would last for ever. */
  cl_event user = clCreateUserEvent(context, &err);
  clSetUserEventStatus(user, CL_COMPLETE);
  keep(user, EVENT);
  /* Garbage: an address in no object, a zeroed block (no dispatch table), a block of 0xff. */
  static unsigned char zeros[256], ones[256];
  memset(ones, 0xff, sizeof ones);
  keep((void*)(uintptr_t)0x7e57a11, NONE);
  keep(zeros, NONE);
  keep(ones, NONE);
  slots[used].handle = NULL; /* NULL itself */
  slots[used++].kind = NONE;
}

typedef cl_int(CL_API_CALL* RefCount)(void*);

static void one_call(void) {
  cl_int err = CL_SUCCESS;
  cl_uint count = 0;
  cl_event event = NULL;
  switch (choose(24)) {
    case 0: {
      static const struct { const char* name; RefCount f; enum kind kind; } retains[] = {
          {"clRetainContext", (RefCount)clRetainContext, CONTEXT},
          {"clRetainCommandQueue", (RefCount)clRetainCommandQueue, QUEUE},
          {"clRetainMemObject", (RefCount)clRetainMemObject, MEM},
          {"clRetainKernel", (RefCount)clRetainKernel, KERNEL},
          {"clRetainEvent", (RefCount)clRetainEvent, EVENT}};
      const unsigned i = choose(5);
      log_call(retains[i].name);
      retains[i].f(pick(retains[i].kind));
      break;
    }
    case 1:
    case 2: {
      static const struct { const char* name; RefCount f; enum kind kind; } releases[] = {
          {"clReleaseMemObject", (RefCount)clReleaseMemObject, MEM},
          {"clReleaseKernel", (RefCount)clReleaseKernel, KERNEL},
          {"clReleaseEvent", (RefCount)clReleaseEvent, EVENT},
          {"clReleaseSampler", (RefCount)clReleaseSampler, SAMPLER},
          {"clReleaseProgram", (RefCount)clReleaseProgram, PROGRAM},
          {"clReleaseCommandQueue", (RefCount)clReleaseCommandQueue, QUEUE},
          {"clReleaseContext", (RefCount)clReleaseContext, CONTEXT}};
      /* The context, queue and program go rarely: most calls need them alive to go far. */
      const unsigned i = choose(choose(8) == 0 ? 7 : 4);
      log_call(releases[i].name);
      releases[i].f(pick(releases[i].kind));
      break;
    }
    case 3: {
      static const cl_mem_info params[] = {CL_MEM_TYPE, CL_MEM_SIZE, CL_MEM_CONTEXT, CL_MEM_FLAGS, 0x7777};
      const size_t size = a_size();
      log_call("clGetMemObjectInfo");
      clGetMemObjectInfo(pick(MEM), params[choose(5)], size, choose(2) ? host : NULL,
                         choose(2) ? &sizes[0] : NULL);
      break;
    }
    case 4: {
      static const cl_kernel_info params[] = {CL_KERNEL_NUM_ARGS, CL_KERNEL_CONTEXT, CL_KERNEL_FUNCTION_NAME,
                                              CL_KERNEL_PROGRAM, 0x7777};
      log_call("clGetKernelInfo");
      clGetKernelInfo(pick(KERNEL), params[choose(5)], a_size(), choose(2) ? host : NULL,
                      choose(2) ? &sizes[0] : NULL);
      break;
    }
    case 5: {
      static const cl_mem_flags flags[] = {CL_MEM_READ_WRITE, CL_MEM_READ_ONLY, CL_MEM_COPY_HOST_PTR,
                                           CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR | CL_MEM_WRITE_ONLY,
                                           (cl_mem_flags)1 << 40};
      const cl_mem_flags f = flags[choose(6)];
      log_call("clCreateBuffer");
      keep(clCreateBuffer(pick(CONTEXT), f, a_size(), choose(2) ? host : NULL, &err), MEM);
      break;
    }
    case 6:
    case 7: {
      void* const* waits = list_of(EVENT, &count);
      const size_t offset = choose(2) ? 0 : a_size();
      const size_t size = a_size();
      if (choose(2)) {
        log_call("clEnqueueReadBuffer");
        clEnqueueReadBuffer(pick(QUEUE), pick(MEM), CL_TRUE, offset, size, choose(8) ? host : NULL, count,
                            (const cl_event*)waits, choose(2) ? &event : NULL);
      } else {
        log_call("clEnqueueWriteBuffer");
        clEnqueueWriteBuffer(pick(QUEUE), pick(MEM), CL_TRUE, offset, size, choose(8) ? host : NULL, count,
                             (const cl_event*)waits, choose(2) ? &event : NULL);
      }
      keep(event, EVENT);
      break;
    }
    case 8:
    case 9: {
      /* A handle, an int, NULL or 16 bytes, as any argument. */
      static const size_t arg_sizes[] = {0, 4, 8, 16};
      void* value = NULL;
      switch (choose(4)) {
        case 0: value = NULL; break;
        case 1: handles[0] = pick((enum kind)(MEM + choose(2))); value = &handles[0]; break;
        case 2: codes[0] = 7; value = codes; break;
        default: value = host; break;
      }
      log_call("clSetKernelArg");
      clSetKernelArg(pick(KERNEL), choose(5), arg_sizes[choose(4)], value);
      break;
    }
    case 10: {
      void* const* waits = list_of(EVENT, &count);
      size_t global[3] = {choose(3) * 8, 1, 1}, local[3] = {choose(3) + 1, 1, 1};
      log_call("clEnqueueNDRangeKernel");
      clEnqueueNDRangeKernel(pick(QUEUE), pick(KERNEL), 1 + choose(3) / 2, NULL, choose(8) ? global : NULL,
                             choose(2) ? local : NULL, count, (const cl_event*)waits,
                             choose(2) ? &event : NULL);
      keep(event, EVENT);
      break;
    }
    case 11:
      log_call("clFinish");
      clFinish(pick(QUEUE));
      break;
    case 12: {
      void* const* waits = list_of(EVENT, &count);
      log_call("clWaitForEvents");
      clWaitForEvents(count, (const cl_event*)waits);
      break;
    }
    case 13: {
      static const char* names[] = {"k", "any", "nope", NULL};
      log_call("clCreateKernel");
      keep(clCreateKernel(pick(PROGRAM), names[choose(4)], &err), KERNEL);
      break;
    }
    case 14: {
      const unsigned char* binaries[8] = {host, host, host, host, host, host, host, host};
      if (choose(2)) binaries[0] = NULL;
      for (int i = 0; i < 8; ++i) sizes[i] = choose(3) ? 16 : 0;
      void* const* devices = list_of(DEVICE, &count);
      log_call("clCreateProgramWithBinary");
      keep(clCreateProgramWithBinary(pick(CONTEXT), count, (const cl_device_id*)devices,
                                     choose(4) ? sizes : NULL, choose(4) ? binaries : NULL,
                                     choose(2) ? codes : NULL, &err),
           PROGRAM);
      break;
    }
    case 15: {
      cl_context_properties properties[8] = {CL_CONTEXT_PLATFORM, (cl_context_properties)pick(PLATFORM), 0};
      if (choose(4) == 0) properties[0] = 0x7777;
      void* const* devices = list_of(DEVICE, &count);
      log_call("clCreateContext");
      keep(clCreateContext(choose(2) ? properties : NULL, count, (const cl_device_id*)devices, NULL, NULL, &err),
           CONTEXT);
      break;
    }
    case 16: {
      cl_queue_properties properties[8] = {CL_QUEUE_PROPERTIES, choose(2) ? CL_QUEUE_PROFILING_ENABLE : 0x7777, 0};
      log_call("clCreateCommandQueueWithProperties");
      keep(clCreateCommandQueueWithProperties(pick(CONTEXT), pick(DEVICE), choose(2) ? properties : NULL, &err),
           QUEUE);
      break;
    }
    case 17: {
      void* const* waits = list_of(EVENT, &count);
      log_call("clEnqueueMarkerWithWaitList");
      clEnqueueMarkerWithWaitList(pick(QUEUE), count, (const cl_event*)waits, choose(2) ? &event : NULL);
      keep(event, EVENT);
      break;
    }
    case 18: {
      log_call("clCreateSampler");
      keep(clCreateSampler(pick(CONTEXT), choose(2), CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err), SAMPLER);
      break;
    }
    case 19: {
      if (choose(2)) {
        log_call("clSVMAlloc");
        void* p = clSVMAlloc(pick(CONTEXT), choose(4) ? CL_MEM_READ_WRITE : (cl_svm_mem_flags)1 << 40, 4096, 0);
        if (p != NULL) {
          const int at = svm_used < 8 ? svm_used++ : (int)choose(8);
          svm[at] = p;
          svm_freed[at] = 0;
        }
      } else {
        void* p = pick_svm(1);
        for (int i = 0; i < svm_used; ++i)
          if (svm[i] == p) svm_freed[i] = 1;  /* freed or not (another context), never copied again */
        log_call("clSVMFree");
        clSVMFree(pick(CONTEXT), p);
      }
      break;
    }
    case 20: {
      log_call("clSetKernelArgSVMPointer");
      clSetKernelArgSVMPointer(pick(KERNEL), choose(5), pick_svm(1));
      break;
    }
    case 21: {
      void* const* waits = list_of(EVENT, &count);
      log_call("clEnqueueSVMMemcpy");
      clEnqueueSVMMemcpy(pick(QUEUE), CL_TRUE, choose(3) ? pick_svm(0) : host, choose(3) ? pick_svm(0) : host,
                         a_size(), count, (const cl_event*)waits, choose(2) ? &event : NULL);
      keep(event, EVENT);
      break;
    }
    case 22: {
      void* p = pick_svm_or_freed();
      static const unsigned char pattern[128];
      switch (choose(4)) {
        case 0: {
          /* Never a live allocation: the fill runs after the call returns, and a clSVMFree
           * before it ran would have it write freed memory (this program's fault, 2.0 §5.6.1). */
          int live = 0;
          for (int i = 0; i < svm_used; ++i) live = live || (svm[i] == p && !svm_freed[i]);
          log_call("clEnqueueSVMMemFill");
          clEnqueueSVMMemFill(pick(QUEUE), live ? host : p, pattern, choose(2) ? 4 : 3, a_size(), 0, NULL, NULL);
          break;
        }
        case 1:
          log_call("clEnqueueSVMMap");
          if (clEnqueueSVMMap(pick(QUEUE), CL_TRUE, CL_MAP_READ, p, a_size(), 0, NULL, NULL) == CL_SUCCESS) {
            log_call("clEnqueueSVMUnmap");
            clEnqueueSVMUnmap(pick(QUEUE), p, 0, NULL, NULL);
          }
          break;
        case 2: {
          const void* list[1] = {p};
          const size_t range[1] = {a_size()};
          log_call("clEnqueueSVMMigrateMem");
          clEnqueueSVMMigrateMem(pick(QUEUE), 1, list, choose(2) ? range : NULL, 0, 0, NULL, NULL);
          break;
        }
        default: {
          void* list[2] = {p, pick_svm_or_freed()};
          log_call("clSetKernelExecInfo");
          clSetKernelExecInfo(pick(KERNEL), CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof list, list);
        }
      }
      break;
    }
    default: {
      log_call("clGetEventInfo");
      clGetEventInfo(pick(EVENT), choose(2) ? CL_EVENT_COMMAND_EXECUTION_STATUS : CL_EVENT_CONTEXT, a_size(),
                     choose(2) ? host : NULL, choose(2) ? &sizes[0] : NULL);
      break;
    }
  }
}

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s SECONDS SEED [CHOICES_FILE]\n", argv[0]);
    return 2;
  }
  const double seconds = atof(argv[1]);
  state = strtoull(argv[2], NULL, 0) * 2654435761u + 1;
  if (argc > 3) {
    FILE* f = fopen(argv[3], "rb");
    if (f == NULL) return 2;
    static unsigned char bytes[1 << 16];
    input_size = fread(bytes, 1, sizeof bytes, f);
    input = bytes;
    fclose(f);
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  printf("seed %s\n", argv[2]);
  start();
  struct timespec begin, now;
  clock_gettime(CLOCK_MONOTONIC, &begin);
  unsigned long calls = 0;
  for (;;) {
    one_call();
    ++calls;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if ((double)(now.tv_sec - begin.tv_sec) + (double)(now.tv_nsec - begin.tv_nsec) * 1e-9 >= seconds) break;
  }
  printf("survived %lu calls\n", calls);
  return 0;
}
