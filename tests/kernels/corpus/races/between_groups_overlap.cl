// Each group writes its 32 elements and, after a barrier, one more: the first element of the
// next group's range. Barriers order nothing between work-groups (OpenCL 1.2 §3.3.1), so the
// extra write races with the next group's write of that element.
// run: kernel=overlap global=128 local=32
// arg 0: buffer int 129 init=zero

kernel void overlap(global int* out) {
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * 32;
  out[base + lid] = (int)get_global_id(0) + 1;  // expect: race-write-write
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (lid == 0) out[base + 32] = -1;  // expect: race-write-write
}
