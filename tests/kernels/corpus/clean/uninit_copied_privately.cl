// An uninitialised private value copied into another private variable and into __local
// memory, but never stored to global memory, used as an address or branched on: no finding.
// run: kernel=copy_only global=32 local=32
// arg 0: buffer int 32 init=iota

kernel void copy_only(global int* out) {
  local int parking[32];
  int never_set[4];
  int lid = get_local_id(0);
  int copy = never_set[lid & 3];
  parking[lid] = copy;
  out[lid] = lid;
}
