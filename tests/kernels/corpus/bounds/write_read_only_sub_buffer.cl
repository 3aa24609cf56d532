// A sub-buffer created CL_MEM_READ_ONLY from a read-write parent, written by the kernel.
// run: kernel=write_part global=16 local=16
// arg 0: sub-buffer int 16 at=256 of=512 init=iota read_only

kernel void write_part(global int* part) {
  part[get_global_id(0)] = 0;  // expect: read-only-write
}
