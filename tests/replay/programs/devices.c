/* A program that runs on several devices at once, for replay's device mapping: with
 * "devices", on each of the platform's first two devices (or its only one); with
 * "sub-devices", on two sub-devices its first device is partitioned into equally. One context
 * over them, a queue on each, one program built for all of them; each device computes
 * in[i] * (d + 2) on its own buffer, read back without blocking and waited for. Checks the
 * results against the host's and prints "devices ok N". */
#include "common.h" /* tests/layer/programs: CHECK, choose_platform */

#define N 64
#define MAX_DEVICES 2

static const char* kSource =
    "kernel void scale(global const int* in, global int* out, int factor) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = in[i] * factor;\n"
    "}\n";

int main(int argc, char** argv) {
  const int partition = argc > 1 && strcmp(argv[1], "sub-devices") == 0;
  cl_platform_id platform = choose_platform();
  cl_device_id devices[MAX_DEVICES];
  cl_uint count = 0;
  cl_int err = CL_SUCCESS;
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, MAX_DEVICES, devices, &count));
  if (count > MAX_DEVICES) count = MAX_DEVICES;
  if (partition) {
    cl_uint units = 0;
    CHECK(clGetDeviceInfo(devices[0], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL));
    if (units < 2) return fprintf(stderr, "the device has %u compute unit(s), 2 are needed\n", units), 2;
    const cl_device_partition_property equally[] = {CL_DEVICE_PARTITION_EQUALLY, units / 2, 0};
    CHECK(clCreateSubDevices(devices[0], equally, MAX_DEVICES, devices, &count));
    if (count > MAX_DEVICES) count = MAX_DEVICES;
  }
  cl_context context = clCreateContext(NULL, count, devices, NULL, NULL, &err);
  CHECK(err);
  cl_program program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(program, count, devices, NULL, NULL, NULL));

  int input[N], output[MAX_DEVICES][N];
  for (int i = 0; i < N; ++i) input[i] = i + 1;
  cl_command_queue queues[MAX_DEVICES];
  cl_mem ins[MAX_DEVICES], outs[MAX_DEVICES];
  cl_kernel kernels[MAX_DEVICES];
  cl_event reads[MAX_DEVICES];
  for (cl_uint d = 0; d < count; ++d) {
    queues[d] = clCreateCommandQueueWithProperties(context, devices[d], NULL, &err);
    CHECK(err);
    ins[d] = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof input, input, &err);
    CHECK(err);
    outs[d] = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof input, NULL, &err);
    CHECK(err);
    kernels[d] = clCreateKernel(program, "scale", &err);
    CHECK(err);
    const cl_int factor = (cl_int)d + 2;
    CHECK(clSetKernelArg(kernels[d], 0, sizeof ins[d], &ins[d]));
    CHECK(clSetKernelArg(kernels[d], 1, sizeof outs[d], &outs[d]));
    CHECK(clSetKernelArg(kernels[d], 2, sizeof factor, &factor));
    const size_t global = N;
    CHECK(clEnqueueNDRangeKernel(queues[d], kernels[d], 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(queues[d], outs[d], CL_FALSE, 0, sizeof output[d], output[d], 0, NULL, &reads[d]));
  }
  CHECK(clWaitForEvents(count, reads));
  for (cl_uint d = 0; d < count; ++d) {
    for (int i = 0; i < N; ++i)
      if (output[d][i] != input[i] * ((int)d + 2))
        return fprintf(stderr, "device %u: out[%d] = %d\n", d, i, output[d][i]), 1;
    CHECK(clReleaseEvent(reads[d]));
    CHECK(clReleaseKernel(kernels[d]));
    CHECK(clReleaseMemObject(ins[d]));
    CHECK(clReleaseMemObject(outs[d]));
    CHECK(clReleaseCommandQueue(queues[d]));
    if (partition) CHECK(clReleaseDevice(devices[d]));
  }
  CHECK(clReleaseProgram(program));
  CHECK(clReleaseContext(context));
  printf("devices ok %u\n", count);
  return 0;
}
