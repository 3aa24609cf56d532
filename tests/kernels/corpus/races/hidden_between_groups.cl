// Hidden race between work-groups: the last work-item of group 0 writes element 64 twice (two
// lines), group 1's first work-item reads it. Every pair must be found, not only the first
// write of the epoch.
// run: kernel=twice global=128 local=64
// arg 0: buffer int 128 init=zero
// arg 1: buffer int 128 init=zero

kernel void twice(global int* data, global int* out) {
  size_t i = get_global_id(0);
  if (i == 63) {
    data[64] = 7;  // expect: race-read-write
    data[64] += 1;  // expect: race-read-write
  }
  if (i == 64) out[i] = data[64];  // expect: race-read-write
}
