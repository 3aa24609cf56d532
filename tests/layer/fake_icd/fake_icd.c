/* A tiny OpenCL ICD that breaks the specification on purpose, so that the layer's platform
 * findings can be tested without a buggy driver at hand. Platform "clvet-fake", OpenCL 1.2,
 * one CPU device. Its deliberate faults:
 *   clCreateBuffer          succeeds for a size of 0 (the spec demands CL_INVALID_BUFFER_SIZE)
 *   clGetDeviceInfo         CL_DEVICE_NAME: param_value_size_ret 4 bytes longer than the string
 *   clGetMemObjectInfo      CL_MEM_TYPE: 0x1234, no cl_mem_object_type
 *   clFinish                returns CL_INVALID_KERNEL, which clFinish's clauses do not list
 *   clCreateContextFromType a context together with CL_DEVICE_NOT_FOUND for GPUs (as PoCL 3.1)
 *   clGetMemObjectInfo      CL_MEM_HOST_PTR: crashes (reads through NULL), as a buggy driver may
 * Its kernels ("any" of any source: a __global buffer and an int; "wide": 128 __global
 * buffers, and it does not say how many arguments it has, CL_KERNEL_NUM_ARGS answered with
 * CL_INVALID_VALUE) cannot say what their arguments are (CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
 * clEnqueueNDRangeKernel reads each buffer argument as a driver does, and clSetKernelArg and
 * clCreateProgramWithBinary read through what they are given as a driver does: a cl_mem it
 * does not hold, or a NULL list, ends the process with a message (where a real driver would
 * crash or corrupt its heap), so a test sees what reached the driver.
 * It offers cl_khr_suggested_local_work_size (through clGetExtensionFunctionAddress), which
 * neither PoCL nor the reference device hands out: its clGetKernelSuggestedLocalWorkSizeKHR
 * reads each buffer argument as its launch does and suggests, per dimension, the largest of 16,
 * 8, 4, 2 and 1 that divides the global size.
 * Its dispatch table has nothing past OpenCL 1.2: a 2.0 call forwarded to it would crash. */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl_ext.h>
#include <CL/cl_icd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

enum kind { PLATFORM = 1, DEVICE, CONTEXT, QUEUE, MEM, PROGRAM, KERNEL };

struct object {
  const cl_icd_dispatch* dispatch;
  enum kind kind;
  int refs;
  cl_context context;   /* queues and buffers */
  size_t size;          /* buffers */
  cl_mem_flags flags;   /* buffers */
};
struct _cl_platform_id { struct object o; };
struct _cl_device_id { struct object o; };
struct _cl_context { struct object o; };
struct _cl_command_queue { struct object o; };
struct _cl_mem { struct object o; };
struct _cl_program { struct object o; };
enum { WIDE_ARGS = 128 };
struct _cl_kernel {
  struct object o;
  cl_program program;
  int wide;
  cl_mem buffers[WIDE_ARGS]; /* the buffer arguments set ("any": argument 0) */
};

#define EXTENSIONS "cl_khr_icd cl_khr_suggested_local_work_size"

static cl_icd_dispatch dispatch;
static struct _cl_platform_id platform = {{&dispatch, PLATFORM, 1, NULL, 0, 0}};
static struct _cl_device_id device = {{&dispatch, DEVICE, 1, NULL, 0, 0}};

static cl_int answer(const void* value, size_t size, size_t param_value_size, void* param_value,
                     size_t* param_value_size_ret) {
  if (param_value) {
    if (param_value_size < size) return CL_INVALID_VALUE;
    memcpy(param_value, value, size);
  }
  if (param_value_size_ret) *param_value_size_ret = size;
  return CL_SUCCESS;
}

static cl_int answer_string(const char* s, size_t n, void* v, size_t* r) {
  return answer(s, strlen(s) + 1, n, v, r);
}

static void* new_object(enum kind kind, size_t size) {
  struct object* o = calloc(1, size);
  o->dispatch = &dispatch;
  o->kind = kind;
  o->refs = 1;
  return o;
}

/* The buffers alive, so that clSetKernelArg can tell one it does not hold without reading it. */
#define MAX_BUFFERS 64
static cl_mem buffers[MAX_BUFFERS];

static int holds_buffer(cl_mem m) {
  for (int i = 0; i < MAX_BUFFERS; ++i)
    if (m != NULL && buffers[i] == m) return 1;
  return 0;
}

static void forget_buffer(cl_mem m) {
  for (int i = 0; i < MAX_BUFFERS; ++i)
    if (buffers[i] == m) buffers[i] = NULL;
}

static cl_int release(struct object* o, enum kind kind, cl_int invalid) {
  if (o == NULL || o->kind != kind) return invalid;
  if (--o->refs == 0) {
    if (kind == MEM) forget_buffer((cl_mem)o);
    free(o);
  }
  return CL_SUCCESS;
}

/* What a driver that trusts its arguments does with one it should not have been given. */
static void dereferenced(const char* what) {
  fprintf(stderr, "fake ICD: %s reached the driver\n", what);
  abort();
}

static cl_int CL_API_CALL GetPlatformIDs(cl_uint n, cl_platform_id* platforms, cl_uint* count) {
  if ((n == 0 && platforms) || (!platforms && !count)) return CL_INVALID_VALUE;
  if (platforms) platforms[0] = &platform;
  if (count) *count = 1;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL GetPlatformInfo(cl_platform_id p, cl_platform_info param, size_t n,
                                          void* v, size_t* r) {
  if (p != &platform) return CL_INVALID_PLATFORM;
  switch (param) {
    case CL_PLATFORM_PROFILE: return answer_string("FULL_PROFILE", n, v, r);
    case CL_PLATFORM_VERSION: return answer_string("OpenCL 1.2 fake", n, v, r);
    case CL_PLATFORM_NAME: return answer_string("clvet-fake", n, v, r);
    case CL_PLATFORM_VENDOR: return answer_string("clvet tests", n, v, r);
    case CL_PLATFORM_EXTENSIONS: return answer_string(EXTENSIONS, n, v, r);
    case CL_PLATFORM_ICD_SUFFIX_KHR: return answer_string("FAKE", n, v, r);
    default: return CL_INVALID_VALUE;
  }
}

/* Exported because ocl-icd looks it up by name. The dispatch table points at GetPlatformInfo
 * itself: this symbol may be bound to the loader's own clGetPlatformInfo. */
EXPORT cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id p, cl_platform_info param, size_t n,
                                            void* v, size_t* r) {
  return GetPlatformInfo(p, param, n, v, r);
}

static cl_int CL_API_CALL GetDeviceIDs(cl_platform_id p, cl_device_type type, cl_uint n,
                                       cl_device_id* devices, cl_uint* count) {
  if (p != &platform) return CL_INVALID_PLATFORM;
  if ((n == 0 && devices) || (!devices && !count)) return CL_INVALID_VALUE;
  if (!(type & (CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_DEFAULT))) return CL_DEVICE_NOT_FOUND;
  if (devices) devices[0] = &device;
  if (count) *count = 1;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL GetDeviceInfo(cl_device_id d, cl_device_info param, size_t n, void* v,
                                        size_t* r) {
  if (d != &device) return CL_INVALID_DEVICE;
  cl_device_type type = CL_DEVICE_TYPE_CPU;
  cl_ulong max_alloc = 1u << 30;
  cl_bool yes = CL_TRUE;
  cl_platform_id p = &platform;
  switch (param) {
    case CL_DEVICE_NAME: {
      /* The fault: four bytes more than "fake device" and its NUL. */
      static const char name[16] = "fake device";
      return answer(name, sizeof name, n, v, r);
    }
    case CL_DEVICE_TYPE: return answer(&type, sizeof type, n, v, r);
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE: return answer(&max_alloc, sizeof max_alloc, n, v, r);
    case CL_DEVICE_AVAILABLE: return answer(&yes, sizeof yes, n, v, r);
    case CL_DEVICE_PLATFORM: return answer(&p, sizeof p, n, v, r);
    case CL_DEVICE_VERSION: return answer_string("OpenCL 1.2 fake", n, v, r);
    case CL_DEVICE_EXTENSIONS: return answer_string(EXTENSIONS, n, v, r);
    default: return CL_INVALID_VALUE;
  }
}

static cl_context CL_API_CALL CreateContext(const cl_context_properties* properties, cl_uint n,
                                            const cl_device_id* devices,
                                            void(CL_CALLBACK* notify)(const char*, const void*, size_t, void*),
                                            void* user_data, cl_int* err) {
  (void)properties, (void)notify, (void)user_data;
  if (n != 1 || devices == NULL || devices[0] != &device) {
    if (err) *err = CL_INVALID_DEVICE;
    return NULL;
  }
  if (err) *err = CL_SUCCESS;
  return new_object(CONTEXT, sizeof(struct _cl_context));
}

static cl_context CL_API_CALL CreateContextFromType(
    const cl_context_properties* properties, cl_device_type type,
    void(CL_CALLBACK* notify)(const char*, const void*, size_t, void*), void* user_data,
    cl_int* err) {
  (void)properties, (void)notify, (void)user_data;
  if (err) *err = (type & (CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_DEFAULT)) ? CL_SUCCESS : CL_DEVICE_NOT_FOUND;
  /* The fault: a context even when no device matched. */
  return new_object(CONTEXT, sizeof(struct _cl_context));
}

static cl_int CL_API_CALL RetainContext(cl_context c) {
  if (c == NULL || c->o.kind != CONTEXT) return CL_INVALID_CONTEXT;
  ++c->o.refs;
  return CL_SUCCESS;
}

static cl_int CL_API_CALL ReleaseContext(cl_context c) {
  return release(c ? &c->o : NULL, CONTEXT, CL_INVALID_CONTEXT);
}

static cl_int CL_API_CALL GetContextInfo(cl_context c, cl_context_info param, size_t n, void* v,
                                         size_t* r) {
  if (c == NULL || c->o.kind != CONTEXT) return CL_INVALID_CONTEXT;
  cl_device_id d = &device;
  cl_uint one = 1, refs = (cl_uint)c->o.refs;
  switch (param) {
    case CL_CONTEXT_DEVICES: return answer(&d, sizeof d, n, v, r);
    case CL_CONTEXT_NUM_DEVICES: return answer(&one, sizeof one, n, v, r);
    case CL_CONTEXT_REFERENCE_COUNT: return answer(&refs, sizeof refs, n, v, r);
    default: return CL_INVALID_VALUE;
  }
}

static cl_command_queue CL_API_CALL CreateCommandQueue(cl_context c, cl_device_id d,
                                                       cl_command_queue_properties properties,
                                                       cl_int* err) {
  (void)properties;
  if (c == NULL || c->o.kind != CONTEXT || d != &device) {
    if (err) *err = c == NULL || c->o.kind != CONTEXT ? CL_INVALID_CONTEXT : CL_INVALID_DEVICE;
    return NULL;
  }
  cl_command_queue q = new_object(QUEUE, sizeof(struct _cl_command_queue));
  q->o.context = c;
  if (err) *err = CL_SUCCESS;
  return q;
}

static cl_int CL_API_CALL ReleaseCommandQueue(cl_command_queue q) {
  return release(q ? &q->o : NULL, QUEUE, CL_INVALID_COMMAND_QUEUE);
}

static cl_int CL_API_CALL GetCommandQueueInfo(cl_command_queue q, cl_command_queue_info param,
                                              size_t n, void* v, size_t* r) {
  if (q == NULL || q->o.kind != QUEUE) return CL_INVALID_COMMAND_QUEUE;
  cl_device_id d = &device;
  cl_command_queue_properties none = 0;
  switch (param) {
    case CL_QUEUE_CONTEXT: return answer(&q->o.context, sizeof q->o.context, n, v, r);
    case CL_QUEUE_DEVICE: return answer(&d, sizeof d, n, v, r);
    case CL_QUEUE_PROPERTIES: return answer(&none, sizeof none, n, v, r);
    default: return CL_INVALID_VALUE;
  }
}

static cl_mem CL_API_CALL CreateBuffer(cl_context c, cl_mem_flags flags, size_t size,
                                       void* host_ptr, cl_int* err) {
  (void)host_ptr;
  if (c == NULL || c->o.kind != CONTEXT) {
    if (err) *err = CL_INVALID_CONTEXT;
    return NULL;
  }
  /* The fault: no CL_INVALID_BUFFER_SIZE for a size of 0. */
  cl_mem m = new_object(MEM, sizeof(struct _cl_mem));
  m->o.context = c;
  m->o.size = size;
  m->o.flags = flags;
  for (int i = 0; i < MAX_BUFFERS; ++i)
    if (buffers[i] == NULL) {
      buffers[i] = m;
      break;
    }
  if (err) *err = CL_SUCCESS;
  return m;
}

static cl_int CL_API_CALL ReleaseMemObject(cl_mem m) {
  return release(m ? &m->o : NULL, MEM, CL_INVALID_MEM_OBJECT);
}

static cl_int CL_API_CALL GetMemObjectInfo(cl_mem m, cl_mem_info param, size_t n, void* v,
                                           size_t* r) {
  if (m == NULL || m->o.kind != MEM) return CL_INVALID_MEM_OBJECT;
  cl_mem_object_type type = 0x1234; /* The fault: no cl_mem_object_type. */
  cl_mem none = NULL;
  size_t offset = 0;
  switch (param) {
    case CL_MEM_TYPE: return answer(&type, sizeof type, n, v, r);
    case CL_MEM_FLAGS: return answer(&m->o.flags, sizeof m->o.flags, n, v, r);
    case CL_MEM_SIZE: return answer(&m->o.size, sizeof m->o.size, n, v, r);
    case CL_MEM_CONTEXT: return answer(&m->o.context, sizeof m->o.context, n, v, r);
    case CL_MEM_ASSOCIATED_MEMOBJECT: return answer(&none, sizeof none, n, v, r);
    case CL_MEM_OFFSET: return answer(&offset, sizeof offset, n, v, r);
    case CL_MEM_HOST_PTR: {
      volatile cl_mem* nowhere = NULL;
      return answer((const void*)*nowhere, sizeof(void*), n, v, r); /* The fault: a crash. */
    }
    default: return CL_INVALID_VALUE;
  }
}

static cl_int CL_API_CALL Flush(cl_command_queue q) {
  return q && q->o.kind == QUEUE ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

static cl_int CL_API_CALL Finish(cl_command_queue q) {
  if (q == NULL || q->o.kind != QUEUE) return CL_INVALID_COMMAND_QUEUE;
  return CL_INVALID_KERNEL; /* The fault: not one of clFinish's codes. */
}

/* Still honoured, as NVIDIA's OpenCL 3.0 does, though 1.1 stopped supporting it (F.1): the
 * application is told, the platform is not blamed. No clRetainCommandQueue at all: its slot
 * stays empty. */
static cl_int CL_API_CALL SetCommandQueueProperty(cl_command_queue q,
                                                  cl_command_queue_properties properties,
                                                  cl_bool enable,
                                                  cl_command_queue_properties* old) {
  (void)properties;
  (void)enable;
  if (q == NULL || q->o.kind != QUEUE) return CL_INVALID_COMMAND_QUEUE;
  if (old) *old = 0;
  return CL_SUCCESS;
}

static cl_program CL_API_CALL CreateProgramWithSource(cl_context c, cl_uint count,
                                                      const char** strings, const size_t* lengths,
                                                      cl_int* err) {
  (void)count, (void)strings, (void)lengths;
  if (c == NULL || c->o.kind != CONTEXT) {
    if (err) *err = CL_INVALID_CONTEXT;
    return NULL;
  }
  cl_program p = new_object(PROGRAM, sizeof(struct _cl_program));
  p->o.context = c;
  if (err) *err = CL_SUCCESS;
  return p;
}

static cl_program CL_API_CALL CreateProgramWithBinary(cl_context c, cl_uint n,
                                                      const cl_device_id* devices,
                                                      const size_t* lengths,
                                                      const unsigned char** binaries,
                                                      cl_int* status, cl_int* err) {
  (void)devices, (void)status;
  if (lengths == NULL || binaries == NULL) dereferenced("clCreateProgramWithBinary's NULL list");
  for (cl_uint i = 0; i < n; ++i)
    if (binaries[i] == NULL || lengths[i] == 0) dereferenced("clCreateProgramWithBinary's NULL binary");
  if (err) *err = CL_INVALID_BINARY; /* it loads none */
  (void)c;
  return NULL;
}

static cl_int CL_API_CALL BuildProgram(cl_program p, cl_uint n, const cl_device_id* devices,
                                       const char* options,
                                       void(CL_CALLBACK* notify)(cl_program, void*), void* data) {
  (void)n, (void)devices, (void)options, (void)notify, (void)data;
  return p && p->o.kind == PROGRAM ? CL_SUCCESS : CL_INVALID_PROGRAM;
}

static cl_int CL_API_CALL ReleaseProgram(cl_program p) {
  return release(p ? &p->o : NULL, PROGRAM, CL_INVALID_PROGRAM);
}

static cl_int CL_API_CALL GetProgramInfo(cl_program p, cl_program_info param, size_t n, void* v,
                                         size_t* r) {
  if (p == NULL || p->o.kind != PROGRAM) return CL_INVALID_PROGRAM;
  cl_device_id d = &device;
  cl_uint one = 1;
  switch (param) {
    case CL_PROGRAM_CONTEXT: return answer(&p->o.context, sizeof p->o.context, n, v, r);
    case CL_PROGRAM_NUM_DEVICES: return answer(&one, sizeof one, n, v, r);
    case CL_PROGRAM_DEVICES: return answer(&d, sizeof d, n, v, r);
    default: return CL_INVALID_VALUE;
  }
}

static cl_int CL_API_CALL GetProgramBuildInfo(cl_program p, cl_device_id d,
                                              cl_program_build_info param, size_t n, void* v,
                                              size_t* r) {
  if (p == NULL || p->o.kind != PROGRAM) return CL_INVALID_PROGRAM;
  if (d != &device) return CL_INVALID_DEVICE;
  cl_build_status built = CL_BUILD_SUCCESS;
  cl_program_binary_type executable = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  switch (param) {
    case CL_PROGRAM_BUILD_STATUS: return answer(&built, sizeof built, n, v, r);
    case CL_PROGRAM_BINARY_TYPE: return answer(&executable, sizeof executable, n, v, r);
    case CL_PROGRAM_BUILD_LOG: return answer_string("", n, v, r);
    default: return CL_INVALID_VALUE;
  }
}

static cl_kernel CL_API_CALL CreateKernel(cl_program p, const char* name, cl_int* err) {
  if (p == NULL || p->o.kind != PROGRAM || name == NULL ||
      (strcmp(name, "any") != 0 && strcmp(name, "wide") != 0)) {
    if (err) *err = p == NULL || p->o.kind != PROGRAM ? CL_INVALID_PROGRAM : CL_INVALID_KERNEL_NAME;
    return NULL;
  }
  cl_kernel k = new_object(KERNEL, sizeof(struct _cl_kernel));
  k->o.context = p->o.context;
  k->program = p;
  k->wide = strcmp(name, "wide") == 0;
  if (err) *err = CL_SUCCESS;
  return k;
}

static cl_int CL_API_CALL ReleaseKernel(cl_kernel k) {
  return release(k ? &k->o : NULL, KERNEL, CL_INVALID_KERNEL);
}

static cl_int CL_API_CALL GetKernelInfo(cl_kernel k, cl_kernel_info param, size_t n, void* v,
                                        size_t* r) {
  if (k == NULL || k->o.kind != KERNEL) return CL_INVALID_KERNEL;
  cl_uint args = 2;
  switch (param) {
    case CL_KERNEL_NUM_ARGS:
      if (k->wide) return CL_INVALID_VALUE; /* deliberate: the layer must do without */
      return answer(&args, sizeof args, n, v, r);
    case CL_KERNEL_CONTEXT: return answer(&k->o.context, sizeof k->o.context, n, v, r);
    case CL_KERNEL_PROGRAM: return answer(&k->program, sizeof k->program, n, v, r);
    case CL_KERNEL_FUNCTION_NAME: return answer_string(k->wide ? "wide" : "any", n, v, r);
    default: return CL_INVALID_VALUE;
  }
}

/* As a driver may answer for a program built without -cl-kernel-arg-info. */
static cl_int CL_API_CALL GetKernelArgInfo(cl_kernel k, cl_uint index, cl_kernel_arg_info param,
                                           size_t n, void* v, size_t* r) {
  (void)index, (void)param, (void)n, (void)v, (void)r;
  if (k == NULL || k->o.kind != KERNEL) return CL_INVALID_KERNEL;
  return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
}

/* "any": argument 0 is a __global buffer, argument 1 an int; "wide": all buffers. */
static cl_int CL_API_CALL SetKernelArg(cl_kernel k, cl_uint index, size_t size, const void* value) {
  if (k == NULL || k->o.kind != KERNEL) return CL_INVALID_KERNEL;
  if (index >= (k->wide ? WIDE_ARGS : 2)) return CL_INVALID_ARG_INDEX;
  if (k->wide && index > 0) {
    if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
    cl_mem m = value ? *(const cl_mem*)value : NULL;
    if (m != NULL && !holds_buffer(m)) dereferenced("a cl_mem the driver does not hold");
    k->buffers[index] = m;
    return CL_SUCCESS;
  }
  if (index == 1) {
    if (value == NULL) dereferenced("clSetKernelArg's NULL int");
    return size == sizeof(cl_int) ? CL_SUCCESS : CL_INVALID_ARG_SIZE;
  }
  if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
  cl_mem m = value ? *(const cl_mem*)value : NULL;
  if (m != NULL && !holds_buffer(m)) dereferenced("a cl_mem the driver does not hold");
  k->buffers[0] = m;
  return CL_SUCCESS;
}

/* A kernel's buffer arguments read as its launch reads them, ending the process on one the
 * driver no longer holds. */
static void read_buffer_arguments(cl_kernel k, const char* what) {
  for (int i = 0; i < WIDE_ARGS; ++i)
    if (k->buffers[i] != NULL && !holds_buffer(k->buffers[i])) dereferenced(what);
}

/* Reads every buffer argument, as a driver collects them for the command; runs nothing. */
static cl_int CL_API_CALL EnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dims,
                                               const size_t* offset, const size_t* global,
                                               const size_t* local, cl_uint waits,
                                               const cl_event* wait_list, cl_event* event) {
  (void)offset, (void)local, (void)wait_list;
  if (q == NULL || q->o.kind != QUEUE) return CL_INVALID_COMMAND_QUEUE;
  if (k == NULL || k->o.kind != KERNEL) return CL_INVALID_KERNEL;
  if (dims < 1 || dims > 3) return CL_INVALID_WORK_DIMENSION;
  if (global == NULL) return CL_INVALID_VALUE;
  if (waits != 0 || event != NULL) return CL_INVALID_VALUE; /* not needed by its programs */
  read_buffer_arguments(k, "a launch with a cl_mem argument the driver no longer holds");
  return CL_SUCCESS;
}

/* cl_khr_suggested_local_work_size: the arguments read as for a launch, then per dimension the
 * largest of 16, 8, 4, 2, 1 that divides the global size. */
static cl_int CL_API_CALL GetKernelSuggestedLocalWorkSizeKHR(cl_command_queue q, cl_kernel k,
                                                             cl_uint dims, const size_t* offset,
                                                             const size_t* global, size_t* local) {
  (void)offset;
  if (q == NULL || q->o.kind != QUEUE) return CL_INVALID_COMMAND_QUEUE;
  if (k == NULL || k->o.kind != KERNEL) return CL_INVALID_KERNEL;
  if (dims < 1 || dims > 3) return CL_INVALID_WORK_DIMENSION;
  if (global == NULL) return CL_INVALID_GLOBAL_WORK_SIZE;
  if (local == NULL) return CL_INVALID_VALUE;
  read_buffer_arguments(k, "a suggested local work size for a cl_mem argument the driver no longer holds");
  for (cl_uint d = 0; d < dims; ++d) {
    size_t size = 16;
    while (global[d] % size != 0) size /= 2;
    local[d] = size;
  }
  return CL_SUCCESS;
}

static void* CL_API_CALL GetExtensionFunctionAddress(const char* name) {
  void* address = NULL;
  /* ISO C has no cast between function and object pointers: copied. */
  if (strcmp(name, "clIcdGetPlatformIDsKHR") == 0) {
    cl_api_clGetPlatformIDs function = &GetPlatformIDs;
    memcpy(&address, &function, sizeof address);
  } else if (strcmp(name, "clGetKernelSuggestedLocalWorkSizeKHR") == 0) {
    clGetKernelSuggestedLocalWorkSizeKHR_fn function = &GetKernelSuggestedLocalWorkSizeKHR;
    memcpy(&address, &function, sizeof address);
  }
  return address;
}

static void* CL_API_CALL GetExtensionFunctionAddressForPlatform(cl_platform_id p, const char* name) {
  return p == &platform && name != NULL ? GetExtensionFunctionAddress(name) : NULL;
}

EXPORT void* CL_API_CALL clGetExtensionFunctionAddress(const char* name) {
  return GetExtensionFunctionAddress(name);
}

__attribute__((constructor)) static void fill_dispatch(void) {
  dispatch.clGetPlatformIDs = GetPlatformIDs;
  dispatch.clGetPlatformInfo = GetPlatformInfo;
  dispatch.clGetDeviceIDs = GetDeviceIDs;
  dispatch.clGetDeviceInfo = GetDeviceInfo;
  dispatch.clCreateContext = CreateContext;
  dispatch.clCreateContextFromType = CreateContextFromType;
  dispatch.clRetainContext = RetainContext;
  dispatch.clReleaseContext = ReleaseContext;
  dispatch.clGetContextInfo = GetContextInfo;
  dispatch.clCreateCommandQueue = CreateCommandQueue;
  dispatch.clReleaseCommandQueue = ReleaseCommandQueue;
  dispatch.clGetCommandQueueInfo = GetCommandQueueInfo;
  dispatch.clSetCommandQueueProperty = SetCommandQueueProperty;
  dispatch.clCreateBuffer = CreateBuffer;
  dispatch.clReleaseMemObject = ReleaseMemObject;
  dispatch.clGetMemObjectInfo = GetMemObjectInfo;
  dispatch.clFlush = Flush;
  dispatch.clFinish = Finish;
  dispatch.clGetExtensionFunctionAddress = GetExtensionFunctionAddress;
  dispatch.clGetExtensionFunctionAddressForPlatform = GetExtensionFunctionAddressForPlatform;
  dispatch.clCreateProgramWithSource = CreateProgramWithSource;
  dispatch.clCreateProgramWithBinary = CreateProgramWithBinary;
  dispatch.clBuildProgram = BuildProgram;
  dispatch.clReleaseProgram = ReleaseProgram;
  dispatch.clCreateKernel = CreateKernel;
  dispatch.clReleaseKernel = ReleaseKernel;
  dispatch.clGetProgramInfo = GetProgramInfo;
  dispatch.clGetProgramBuildInfo = GetProgramBuildInfo;
  dispatch.clGetKernelInfo = GetKernelInfo;
  dispatch.clGetKernelArgInfo = GetKernelArgInfo;
  dispatch.clSetKernelArg = SetKernelArg;
  dispatch.clEnqueueNDRangeKernel = EnqueueNDRangeKernel;
}
