// Clean: an uninitialised private array and __local tile are overwritten completely before
// anything reads them.
// run: kernel=overwrite global=16 local=16
// arg 0: buffer int 16 init=zero

kernel void overwrite(global int* out) {
  local int tile[16];
  int p[4];
  size_t lid = get_local_id(0);
  for (int k = 0; k < 4; ++k) p[k] = k + (int)lid;
  tile[lid] = p[lid & 3];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = tile[15 - lid];
}
