// A two-dimensional NDRange: trip counts from both coordinates, divergence on x and y, and
// the ids and sizes written out.
// run: kernel=loop_2d global=32,16 local=8,8
// arg 0: buffer uint 512 init=wide
// arg 1: buffer uint 512 init=zero
// arg 2: buffer uint 512 init=zero
// compare: pocl
kernel void loop_2d(global const uint* in, global uint* out, global uint* ids) {
  uint x = get_global_id(0), y = get_global_id(1);
  uint w = get_global_size(0);
  uint i = y * w + x;
  uint acc = in[i];
  for (uint k = 0; k < (x ^ y) % 9; ++k) {
    if (k & 1) acc += in[(i + k) % 512];
    else acc ^= acc << 3;
  }
  if (y > x) acc = ~acc;
  out[i] = acc;
  ids[i] = get_local_id(0) | get_local_id(1) << 4 | get_group_id(0) << 8 | get_group_id(1) << 12 |
           get_num_groups(0) << 16 | get_num_groups(1) << 20 | get_local_size(1) << 24;
}
