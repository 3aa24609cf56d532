/* On tests/layer/fake_icd, whose kernels cannot say what their arguments are and whose
 * clSetKernelArg and clCreateProgramWithBinary read through what they get (ending the process
 * when it is not theirs): a released buffer, a context and garbage as arg_value, NULL for an
 * int (§5.7.2: the layer reads the declarations in the program's source), and a NULL list of
 * binaries (§5.6.1), are kept from it; the right calls go through. Its clBuildProgram builds
 * a program while a kernel of it is held, where the spec demands CL_INVALID_OPERATION
 * (§5.6.2): the application's fault and the platform's; once the kernel is released, no fault.
 * runs-without-clvet: no
 * output: released buffer: -38
 * output: context as a buffer: -38
 * output: garbage as a buffer: -38
 * output: NULL for an int: -50
 * output: no binaries: -30
 * output: buffer and int set
 * output: built with its kernel held: 0
 * output: built with no kernel held: 0 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>

int main(void) {
  cl_platform_id platform = NULL;
  cl_device_id device = NULL;
  cl_int err = CL_SUCCESS;
  clGetPlatformIDs(1, &platform, NULL);
  clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  const char* source = "__kernel void any(__global int* out, int n) {}";
  cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  clBuildProgram(program, 1, &device, "", NULL, NULL);
  cl_kernel kernel = clCreateKernel(program, "any", &err);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
  cl_mem gone = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, NULL, &err);
  clReleaseMemObject(gone);

  printf("released buffer: %d\n", clSetKernelArg(kernel, 0, sizeof gone, &gone)); /* expect: SetKernelArgInvalidMemObject */
  printf("context as a buffer: %d\n", clSetKernelArg(kernel, 0, sizeof context, &context));
  cl_mem garbage = (cl_mem)(size_t)0x7e57a11;
  printf("garbage as a buffer: %d\n", clSetKernelArg(kernel, 0, sizeof garbage, &garbage));
  printf("NULL for an int: %d\n", clSetKernelArg(kernel, 1, sizeof(int), NULL)); /* expect: SetKernelArgBadValue */
  size_t length = 16;
  cl_program none = clCreateProgramWithBinary(context, 1, &device, &length, NULL, NULL, &err); /* expect: CreateProgramWithBinaryBadBinaries */
  printf("no binaries: %d\n", none == NULL ? err : CL_SUCCESS);

  int n = 3;
  if (clSetKernelArg(kernel, 0, sizeof buffer, &buffer) == CL_SUCCESS &&
      clSetKernelArg(kernel, 1, sizeof n, &n) == CL_SUCCESS)
    printf("buffer and int set\n");
  printf("built with its kernel held: %d\n", clBuildProgram(program, 1, &device, "", NULL, NULL)); /* expect: BuildProgramKernelsAttached */ /* expect platform: BuildProgramKernelsAttached */
  clReleaseMemObject(buffer);
  clReleaseKernel(kernel);
  printf("built with no kernel held: %d\n", clBuildProgram(program, 1, &device, "", NULL, NULL));
  clReleaseProgram(program);
  clReleaseContext(context);
  return 0;
}
