# A real program from a Debian package (python3-pyopencl) under the layer: builds a kernel,
# adds two arrays on the first device of the first platform, and prints a checksum of the
# result and whether it is right. tests/layer/CMakeLists.txt runs it with and without clvet.
import numpy as np
import pyopencl as cl

a = np.arange(4096, dtype=np.float32)
b = (np.arange(4096, dtype=np.float32) * 0.5).astype(np.float32)
platform = cl.get_platforms()[0]
context = cl.Context([platform.get_devices()[0]])
queue = cl.CommandQueue(context)
flags = cl.mem_flags
a_buffer = cl.Buffer(context, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=a)
b_buffer = cl.Buffer(context, flags.READ_ONLY | flags.COPY_HOST_PTR, hostbuf=b)
sum_buffer = cl.Buffer(context, flags.WRITE_ONLY, a.nbytes)
program = cl.Program(context, """
__kernel void add(__global const float* a, __global const float* b, __global float* sum) {
  const size_t i = get_global_id(0);
  sum[i] = a[i] + b[i];
}
""").build()
program.add(queue, a.shape, None, a_buffer, b_buffer, sum_buffer)
result = np.empty_like(a)
cl.enqueue_copy(queue, result, sum_buffer).wait()
queue.finish()
wrong = int(np.count_nonzero(result != a + b))
print(f"pyopencl add: {wrong} of {a.size} values wrong, sum {float(result.sum()):.1f}")
