// Loops whose trip count depends on the lane: lanes leave the loop at different iterations
// and must reconverge after it with their own results.
// run: kernel=lane_trip_count global=256 local=64
// arg 0: buffer uint 256 init=wide
// arg 1: buffer uint 256 init=zero
// arg 2: buffer uint 256 init=zero
// compare: pocl
kernel void lane_trip_count(global const uint* in, global uint* sum, global uint* trips) {
  uint gid = get_global_id(0);
  uint n = (in[gid] % 23) + (gid & 7);
  uint acc = gid;
  uint t = 0;
  for (uint i = 0; i < n; ++i) {
    acc = acc * 31u + i;
    ++t;
  }
  // A second loop counting down, with the trip count of the neighbour lane.
  uint m = in[(gid + 1) % get_global_size(0)] % 11;
  while (m-- > 0) acc ^= acc >> 3;
  sum[gid] = acc;
  trips[gid] = t;
}
