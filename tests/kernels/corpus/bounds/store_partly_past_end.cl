// A 16-byte store whose first half is the last two elements of a sub-buffer and whose second
// half lies past its end: the two elements inside are written, as PoCL writes them, and only
// the part outside is refused and reported (the parent's bytes after the sub-buffer are no
// object of this kernel's).
// run: kernel=tail global=1 local=1
// arg 0: sub-buffer int 6 at=256 of=1024 init=zero
// compare: pocl

kernel void tail(global int* out) {
  ((global int4*)out)[1] = (int4)(11, 22, 33, 44);  // expect: out-of-bounds
}
