// Double buffering: the copy of the next chunk into one half of a __local buffer is started
// right after the wait for the copy into the other half, whose elements are then summed; every
// read is of a copy already waited for, two copies are never under way into the same bytes, and
// a strided copy into a third buffer shares the event of the first (OpenCL 1.2 §6.12.10).
// Not compared with PoCL: Debian's PoCL gives other sums for 30 of the 32 work-items, where
// the reference device's equal a host computation of the same inputs, float for float.
// run: kernel=double_buffer global=32 local=16
// arg 0: buffer float 256 init=random
// arg 1: buffer float 32 init=zero

kernel void double_buffer(global const float* in, global float* out) {
  local float buf[2][16];
  local float column[16];
  size_t lid = get_local_id(0);
  global const float* mine = in + get_group_id(0) * 128;
  event_t e = async_work_group_copy(buf[0], mine, 16, 0);
  e = async_work_group_strided_copy(column, mine + 64, 16, 4, e);
  float sum = 0.0f;
  for (int c = 0; c < 4; ++c) {
    wait_group_events(1, &e);
    if (c + 1 < 4) e = async_work_group_copy(buf[(c + 1) & 1], mine + 16 * (c + 1), 16, 0);
    sum += buf[c & 1][15 - lid] * column[lid];
  }
  out[get_global_id(0)] = sum;
}
