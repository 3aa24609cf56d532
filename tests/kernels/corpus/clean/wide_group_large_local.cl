// A program tuned for a device bigger than the reference device's defaults: work-groups of
// 2048 work-items and 384 KiB of __local memory. It runs once CLVET_MAX_WORK_GROUP_SIZE and
// CLVET_LOCAL_MEM_SIZE say the device has them (both are PoCL's limits too), with PoCL's
// results; without them the launch is refused (CL_INVALID_WORK_GROUP_SIZE).
// env: CLVET_MAX_WORK_GROUP_SIZE=2048
// env: CLVET_LOCAL_MEM_SIZE=524288
// run: kernel=wide global=4096 local=2048
// arg 0: buffer uint 4096 init=random
// arg 1: buffer uint 2 init=zero
// arg 2: local 393216
// compare: pocl

kernel void wide(global const uint* in, global uint* sums, local uint* scratch) {
  const size_t l = get_local_id(0), n = get_local_size(0);
  // 48 words per work-item: 2048 * 48 * 4 bytes = 384 KiB.
  for (uint k = 0; k < 48; ++k) scratch[k * n + l] = in[get_global_id(0)] + k;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint column = 0;
  for (uint k = 0; k < 48; ++k) column += scratch[k * n + (n - 1 - l)];
  barrier(CLK_LOCAL_MEM_FENCE);
  scratch[l] = column;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = n / 2; s > 0; s >>= 1) {
    if (l < s) scratch[l] += scratch[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) sums[get_group_id(0)] = scratch[0];
}
