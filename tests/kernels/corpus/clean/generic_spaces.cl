// Generic pointers (OpenCL C 3.0 §6.7.1.1) to global, __local and private memory chosen per
// work-item, read and written through one function, with to_global / to_local / to_private and
// get_fence: no finding (PoCL 3.1 has neither
// feature to compare with).
// run: kernel=spaces global=48 local=16 options=-cl-std=CL3.0
// arg 0: buffer int 48 init=iota
// arg 1: buffer int 96 init=zero

void twice(int* p) { *p = 2 * *p; }

kernel void spaces(global int* g, global int* out) {
  local int tile[16];
  int lid = (int)get_local_id(0), gid = (int)get_global_id(0);
  int mine = gid + 1000;
  tile[lid] = gid + 100;
  barrier(CLK_LOCAL_MEM_FENCE);
  int* p = gid % 3 == 0 ? (int*)(g + gid) : gid % 3 == 1 ? (int*)(tile + lid) : (int*)&mine;
  twice(p);
  out[2 * gid] = *p;
  out[2 * gid + 1] = (to_global(p) ? 1 : 0) + (to_local(p) ? 2 : 0) + (to_private(p) ? 4 : 0) +
                     (get_fence(p) == CLK_GLOBAL_MEM_FENCE ? 8 : 0) +
                     (get_fence(p) == CLK_LOCAL_MEM_FENCE ? 16 : 0);
  barrier(CLK_LOCAL_MEM_FENCE);
}
