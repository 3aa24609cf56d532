// A __local argument read before anything wrote it decides a branch.
// run: kernel=decide global=16 local=16
// arg 0: buffer int 16 init=zero
// arg 1: local 64

kernel void decide(global int* out, local int* scratch) {
  size_t lid = get_local_id(0);
  if (scratch[lid] == 0) out[lid] = 5;  // expect: uninitialised
}
