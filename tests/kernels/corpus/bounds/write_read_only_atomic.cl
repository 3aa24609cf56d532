// An atomic update of a CL_MEM_READ_ONLY buffer writes it too.
// run: kernel=count_into_read_only global=32 local=32
// arg 0: buffer int 1 init=zero read_only

kernel void count_into_read_only(global int* counter) {
  atomic_inc(counter);  // expect: read-only-write
}
