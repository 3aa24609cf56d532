// Two launches of a stencil swapping input and output: each launch reads one buffer and
// writes the other; the in-order queue orders the launches.
// run: kernel=smooth global=64 local=16 args=0,1
// run: kernel=smooth global=64 local=16 args=1,0
// arg 0: buffer float 64 init=random
// arg 1: buffer float 64 init=zero

kernel void smooth(global const float* in, global float* out) {
  int i = get_global_id(0);
  int left = i > 0 ? i - 1 : i;
  int right = i < 63 ? i + 1 : i;
  out[i] = 0.25f * in[left] + 0.5f * in[i] + 0.25f * in[right];
}
