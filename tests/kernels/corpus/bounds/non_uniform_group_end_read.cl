// Each work-item reads the last element of its work-group's range as if every group were whole:
// the last group of 100 work-items in groups of 16 has 4 (non-uniform work-groups, OpenCL 3.0
// §5.10), and the element it names, in[111], is past the end of the 100-element buffer.
// run: kernel=group_end global=100 local=16 options=-cl-std=CL3.0
// arg 0: buffer int 100 init=iota
// arg 1: buffer int 100 init=zero

kernel void group_end(global const int* in, global int* out) {
  size_t last = get_group_id(0) * get_enqueued_local_size(0) + get_enqueued_local_size(0) - 1;
  out[get_global_id(0)] = in[last];  // expect: out-of-bounds
}
