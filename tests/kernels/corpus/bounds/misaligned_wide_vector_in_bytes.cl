// The other side of the alignment rule: a long16 read through a pointer into a private char
// array, 8 bytes past a multiple of 128, is misaligned (OpenCL 1.2 §6.1.5), though the array
// itself now sits at the alignment of its own type.
// run: kernel=bytes_as_long16 global=8 local=8
// arg 0: buffer long 16 init=iota
// arg 1: buffer long 8 init=zero

kernel void bytes_as_long16(global const long* in, global long* out) {
  size_t gid = get_global_id(0);
  long16 storage[2];
  storage[0] = vload16(0, in);
  storage[1] = storage[0];
  private char* bytes = (private char*)storage;
  private long16* p = (private long16*)(bytes + 8 * (gid & 1) + 8);
  out[gid] = p->s3;  // expect: misaligned
}
