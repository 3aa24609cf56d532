// Clean: a __local half tile (cl_khr_fp16) filled by every work-item, a barrier, then read
// reversed and scaled in half4 through vload4/vstore4: no finding; the same buffers as PoCL
// would give are not compared (PoCL here has no cl_khr_fp16).
// run: kernel=reverse_scale global=128 local=32
// arg 0: buffer ushort 128 init=iota
// arg 1: buffer ushort 128 init=zero
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void reverse_scale(global const half* in, global half* out) {
  local half tile[32];
  size_t lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid % 4 == 0) {
    half4 v = vload4(lid / 4, tile) * (half4)(0.5h);
    vstore4(v.wzyx, get_global_id(0) / 4, out);
  }
}
