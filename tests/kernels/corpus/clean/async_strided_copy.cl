// async_work_group_strided_copy gathering one column of a matrix per group.
// run: kernel=column global=64 local=8
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 64 init=none

kernel void column(global const int* matrix, global int* columns) {
  local int col[8];
  size_t g = get_group_id(0);
  event_t e = async_work_group_strided_copy(col, matrix + g, 8, 8, 0);
  wait_group_events(1, &e);
  columns[g * 8 + get_local_id(0)] = col[get_local_id(0)] + 1;
}
