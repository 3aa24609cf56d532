// Entry points of the OpenGL and EGL sharing extensions (cl_khr_gl_sharing, cl_khr_gl_event,
// cl_khr_egl_image, cl_khr_egl_event). The reference device supports none of them: no context
// is created from a GL context and no memory object comes from GL or EGL, so the rules reject
// what names such objects, and the calls that have nothing to share do nothing.
#include "clvet/rules/rule_ids.gen.h"
#include "clvet/rules/world.h"
#include "device_impl.gen.h"
#include "enqueue.h"
#include "info.h"
#include "queue.h"

namespace clvet::device::impl {

namespace {
constexpr const char* kNoGL = "the reference device has no OpenGL sharing";
constexpr const char* kNoEGL = "the reference device has no EGL sharing";

// Acquire/release with nothing to share: a command that completes at once, so the event and
// the queue's ordering behave as for any command.
Status empty_command(cl_command_queue handle, cl_command_type type, cl_uint num_events,
                     const cl_event* events, cl_event* event, const rules::Rule& invalid_queue) {
  Ref<Queue> queue = lookup<Queue>(handle);
  if (!queue) return fail(invalid_queue, "the queue was released during the call");
  return submit(*queue, type, num_events, events, event, false, [] { return CL_SUCCESS; });
}
}  // namespace

Result<cl_mem> CreateFromGLBuffer(const args::CreateFromGLBuffer&) {
  return fail(rule::CreateFromGLBufferInvalidContext, kNoGL);
}
Result<cl_mem> CreateFromGLTexture(const args::CreateFromGLTexture&) {
  return fail(rule::CreateFromGLTextureInvalidContext, kNoGL);
}
Result<cl_mem> CreateFromGLTexture2D(const args::CreateFromGLTexture2D&) {
  return fail(rule::CreateFromGLTexture2DInvalidContext, kNoGL);
}
Result<cl_mem> CreateFromGLTexture3D(const args::CreateFromGLTexture3D&) {
  return fail(rule::CreateFromGLTexture3DInvalidContext, kNoGL);
}
Result<cl_mem> CreateFromGLRenderbuffer(const args::CreateFromGLRenderbuffer&) {
  return fail(rule::CreateFromGLRenderbufferInvalidContext, kNoGL);
}

Status GetGLObjectInfo(const args::GetGLObjectInfo&) {
  return fail(rule::GetGLObjectInfoNoGLObject, "memobj was not created from an OpenGL object");
}
Status GetGLTextureInfo(const args::GetGLTextureInfo&) {
  return fail(rule::GetGLTextureInfoNoGLTexture, "memobj was not created from an OpenGL texture");
}

Status EnqueueAcquireGLObjects(const args::EnqueueAcquireGLObjects& a) {
  if (a.num_objects != 0) return fail(rule::EnqueueAcquireGLObjectsNotGLObject, kNoGL);
  return empty_command(a.command_queue, CL_COMMAND_ACQUIRE_GL_OBJECTS, a.num_events_in_wait_list,
                       a.event_wait_list, a.event, rule::EnqueueAcquireGLObjectsInvalidQueue);
}
Status EnqueueReleaseGLObjects(const args::EnqueueReleaseGLObjects& a) {
  if (a.num_objects != 0) return fail(rule::EnqueueReleaseGLObjectsNotGLObject, kNoGL);
  return empty_command(a.command_queue, CL_COMMAND_RELEASE_GL_OBJECTS, a.num_events_in_wait_list,
                       a.event_wait_list, a.event, rule::EnqueueReleaseGLObjectsInvalidQueue);
}

// A GL context or share group named in the properties cannot be shared with: the platform
// has no GL. Without one, no device corresponds, which the spec answers with success and
// param_value_size_ret = 0.
Status GetGLContextInfoKHR(const args::GetGLContextInfoKHR& a) {
  auto props = rules::read_properties(a.properties);
  auto set = [&](cl_context_properties key) { return props.value(key).value_or(0) != 0; };
  if (set(CL_GL_CONTEXT_KHR))
    return fail(rule::GetGLContextInfoKHRInvalidShareGroupReference, kNoGL);
  if (set(CL_CGL_SHAREGROUP_KHR)) return fail(rule::GetGLContextInfoKHRInvalidCglShareGroup, kNoGL);
  if (set(CL_EGL_DISPLAY_KHR) || set(CL_GLX_DISPLAY_KHR) || set(CL_WGL_HDC_KHR))
    return fail(rule::GetGLContextInfoKHRBindingConflict, "no window-system binding is supported");
  InfoWriter out(a.param_value_size, a.param_value, a.param_value_size_ret,
                 rule::GetGLContextInfoKHRBadParam);
  switch (a.param_name) {
    case CL_CURRENT_DEVICE_FOR_GL_CONTEXT_KHR:
    case CL_DEVICES_FOR_GL_CONTEXT_KHR: return out.bytes(nullptr, 0);
    default: return fail(rule::GetGLContextInfoKHRBadParam, "unknown param_name");
  }
}

Result<cl_event> CreateEventFromGLsyncKHR(const args::CreateEventFromGLsyncKHR&) {
  return fail(rule::CreateEventFromGLsyncKHRInvalidSync, kNoGL);
}

Result<cl_mem> CreateFromEGLImageKHR(const args::CreateFromEGLImageKHR&) {
  return fail(rule::CreateFromEGLImageKHRInvalidValue, "display is not a valid EGL display: " +
                                                           std::string(kNoEGL));
}

Status EnqueueAcquireEGLObjectsKHR(const args::EnqueueAcquireEGLObjectsKHR& a) {
  if (a.num_objects != 0) return fail(rule::EnqueueAcquireEGLObjectsKHRNotEGLObject, kNoEGL);
  return empty_command(a.command_queue, CL_COMMAND_ACQUIRE_EGL_OBJECTS_KHR,
                       a.num_events_in_wait_list, a.event_wait_list, a.event,
                       rule::EnqueueAcquireEGLObjectsKHRInvalidQueue);
}
Status EnqueueReleaseEGLObjectsKHR(const args::EnqueueReleaseEGLObjectsKHR& a) {
  if (a.num_objects != 0) return fail(rule::EnqueueReleaseEGLObjectsKHRNotEGLObject, kNoEGL);
  return empty_command(a.command_queue, CL_COMMAND_RELEASE_EGL_OBJECTS_KHR,
                       a.num_events_in_wait_list, a.event_wait_list, a.event,
                       rule::EnqueueReleaseEGLObjectsKHRInvalidQueue);
}

Result<cl_event> CreateEventFromEGLSyncKHR(const args::CreateEventFromEGLSyncKHR&) {
  return fail(rule::CreateEventFromEGLSyncKHRInvalidSync, kNoEGL);
}

}  // namespace clvet::device::impl
