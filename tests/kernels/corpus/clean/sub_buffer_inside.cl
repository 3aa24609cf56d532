// A sub-buffer used strictly inside its region.
// run: kernel=inside global=64 local=16
// arg 0: sub-buffer int 64 at=256 of=512 init=iota

kernel void inside(global int* part) {
  size_t i = get_global_id(0);
  part[i] = part[i] * 2 + 1;
}
