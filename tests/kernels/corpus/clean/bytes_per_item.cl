// Each work-item writes its own byte: adjacent bytes of one word are separate locations.
// run: kernel=own_byte global=256 local=64
// arg 0: buffer uchar 256 init=zero

kernel void own_byte(global uchar* out) {
  size_t i = get_global_id(0);
  out[i] = (uchar)(i * 7);
}
