// The same claim with a comparison that holds once: the slot starts at 0, the first odd
// work-item's atomic_cmpxchg(slot, 0, gid) stores its id, and the plain reads of the even
// work-items race with that store (OpenCL 1.2 §3.3.1: an atomic store against a plain read);
// the failed compare-exchanges of the others store nothing.
// run: kernel=one_claim global=32 local=32
// arg 0: buffer int 1 init=zero
// arg 1: buffer int 32 init=zero

kernel void one_claim(global int* slot, global int* out) {
  size_t gid = get_global_id(0);
  if (gid & 1)
    out[gid] = atomic_cmpxchg(slot, 0, (int)gid);  // expect: race-read-write
  else
    out[gid] = slot[0] + 1;  // expect: race-read-write
}
