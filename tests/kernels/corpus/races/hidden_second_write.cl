// Hidden race: work-item 0 writes an element twice on two lines, work-item 5 reads it. Both
// writes race with the read; a detector keeping only the first write of an epoch per byte
// misses the second line.
// run: kernel=second_write global=32 local=32
// arg 0: buffer int 8 init=zero
// arg 1: buffer int 32 init=zero

kernel void second_write(global int* flag, global int* out) {
  size_t lid = get_local_id(0);
  if (lid == 0) {
    flag[3] = 1;  // expect: race-read-write
    flag[3] = 2;  // expect: race-read-write
  }
  if (lid == 5) out[lid] = flag[3];  // expect: race-read-write
}
