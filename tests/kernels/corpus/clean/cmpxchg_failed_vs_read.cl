// Odd work-items try to claim a slot with atomic_cmpxchg(slot, -1, gid), but the slot holds 0,
// so every comparison fails and nothing is stored, while even work-items read the slot plainly.
// A compare-exchange that does not store is an atomic read, and two reads never race (OpenCL
// 1.2 §3.3.1, §6.12.11).
// run: kernel=failed_claims global=64 local=32
// arg 0: buffer int 1 init=zero
// arg 1: buffer int 64 init=zero
// compare: pocl

kernel void failed_claims(global int* slot, global int* out) {
  size_t gid = get_global_id(0);
  if (gid & 1)
    out[gid] = atomic_cmpxchg(slot, -1, (int)gid);
  else
    out[gid] = slot[0] + 1;
}
