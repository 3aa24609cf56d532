// The OpenGL and EGL sharing entry points (cl_khr_gl_sharing, cl_khr_gl_event,
// cl_khr_egl_image, cl_khr_egl_event) on a device that supports none of them: no context comes
// from a GL context and no memory object from GL or EGL, so each call fails with the
// extension's clause for that, after the handle and argument clauses before it.
#include "fixtures.h"

namespace clvet::test {
namespace {

class Sharing : public WithQueue {
 protected:
  void SetUp() override {
    WithQueue::SetUp();
    cl_int err;
    buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    user_event = clCreateUserEvent(context, &err);
    ASSERT_EQ(err, CL_SUCCESS);
  }
  void TearDown() override {
    clSetUserEventStatus(user_event, CL_COMPLETE);
    clReleaseEvent(user_event);
    clReleaseMemObject(buffer);
    WithQueue::TearDown();
  }
  cl_mem not_a_mem() { return reinterpret_cast<cl_mem>(user_event); }
  cl_command_type command_type(cl_event e) {
    cl_command_type type = 0;
    EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
    return type;
  }
  cl_int status(cl_event e) {
    cl_int s = 1;
    EXPECT_EQ(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, nullptr),
              CL_SUCCESS);
    return s;
  }

  cl_mem buffer = nullptr;
  cl_event user_event = nullptr;
};

constexpr cl_GLenum kTexture2D = 0x0DE1, kTexture3D = 0x806F;

// cl_khr_gl_sharing: "CL_INVALID_CONTEXT if context is not a valid context or was not created
// from an OpenGL context", for every creation function and both halves of the clause.
TEST_F(Sharing, GLCreationNeedsAGLContext) {
  cl_int err;
  for (cl_context c : {context, released_context()}) {
    EXPECT_RULE_ERRCODE(clCreateFromGLBuffer(c, CL_MEM_READ_WRITE, 1, &err), err,
                        CL_INVALID_CONTEXT, "CreateFromGLBufferInvalidContext");
    EXPECT_RULE_ERRCODE(clCreateFromGLTexture(c, CL_MEM_READ_ONLY, kTexture2D, 0, 1, &err), err,
                        CL_INVALID_CONTEXT, "CreateFromGLTextureInvalidContext");
    EXPECT_RULE_ERRCODE(clCreateFromGLTexture2D(c, CL_MEM_READ_ONLY, kTexture2D, 0, 1, &err), err,
                        CL_INVALID_CONTEXT, "CreateFromGLTexture2DInvalidContext");
    EXPECT_RULE_ERRCODE(clCreateFromGLTexture3D(c, CL_MEM_READ_ONLY, kTexture3D, 0, 1, &err), err,
                        CL_INVALID_CONTEXT, "CreateFromGLTexture3DInvalidContext");
    EXPECT_RULE_ERRCODE(clCreateFromGLRenderbuffer(c, CL_MEM_WRITE_ONLY, 1, &err), err,
                        CL_INVALID_CONTEXT, "CreateFromGLRenderbufferInvalidContext");
    // cl_khr_gl_event and cl_khr_egl_event word it the same way.
    EXPECT_RULE_ERRCODE(clCreateEventFromGLsyncKHR(c, reinterpret_cast<cl_GLsync>(&err), &err),
                        err, CL_INVALID_CONTEXT, "CreateEventFromGLsyncKHRInvalidContext");
    EXPECT_RULE_ERRCODE(clCreateEventFromEGLSyncKHR(c, &err, &err, &err), err, CL_INVALID_CONTEXT,
                        "CreateEventFromEGLSyncKHRInvalidContext");
  }
}

// clGetGLObjectInfo: "CL_INVALID_MEM_OBJECT if memobj is not a valid OpenCL memory object",
// "CL_INVALID_GL_OBJECT if there is no OpenGL object associated with memobj".
TEST_F(Sharing, GetGLObjectInfo) {
  cl_gl_object_type type = 0;
  cl_GLuint name = 0;
  EXPECT_RULE(clGetGLObjectInfo(not_a_mem(), &type, &name), CL_INVALID_MEM_OBJECT,
              "GetGLObjectInfoInvalidMem");
  EXPECT_RULE(clGetGLObjectInfo(buffer, &type, &name), CL_INVALID_GL_OBJECT,
              "GetGLObjectInfoNoGLObject");
}

// clGetGLTextureInfo: the memory object, "CL_INVALID_VALUE if param_value and
// param_value_size_ret are NULL", "CL_INVALID_GL_OBJECT if there is no OpenGL texture object
// associated with memobj".
TEST_F(Sharing, GetGLTextureInfo) {
  cl_GLenum target = 0;
  EXPECT_RULE(clGetGLTextureInfo(not_a_mem(), CL_GL_TEXTURE_TARGET, sizeof target, &target, nullptr),
              CL_INVALID_MEM_OBJECT, "GetGLTextureInfoInvalidMem");
  EXPECT_RULE(clGetGLTextureInfo(buffer, CL_GL_TEXTURE_TARGET, 0, nullptr, nullptr),
              CL_INVALID_VALUE, "GetGLTextureInfoNoOutput");
  EXPECT_RULE(clGetGLTextureInfo(buffer, CL_GL_TEXTURE_TARGET, sizeof target, &target, nullptr),
              CL_INVALID_GL_OBJECT, "GetGLTextureInfoNoGLTexture");
}

// clEnqueueAcquireGLObjects / clEnqueueReleaseGLObjects: the queue, the object list, the
// objects, "CL_INVALID_CONTEXT if context associated with command_queue was not created from
// an OpenGL context", the wait list. "If num_objects is 0 and mem_objects is NULL the function
// does nothing and returns CL_SUCCESS": an empty command, complete at once.
TEST_F(Sharing, AcquireReleaseGLObjects) {
  using Fn = cl_int(CL_API_CALL*)(cl_command_queue, cl_uint, const cl_mem*, cl_uint,
                                  const cl_event*, cl_event*);
  struct Case {
    Fn fn;
    cl_command_type type;
    const char *invalid_queue, *bad_list, *invalid_mem, *not_gl_context, *invalid_wait_list;
  };
  const Case cases[] = {
      {clEnqueueAcquireGLObjects, CL_COMMAND_ACQUIRE_GL_OBJECTS,
       "EnqueueAcquireGLObjectsInvalidQueue", "EnqueueAcquireGLObjectsBadObjectList",
       "EnqueueAcquireGLObjectsInvalidMem", "EnqueueAcquireGLObjectsNotGLContext",
       "EnqueueAcquireGLObjectsInvalidWaitList"},
      {clEnqueueReleaseGLObjects, CL_COMMAND_RELEASE_GL_OBJECTS,
       "EnqueueReleaseGLObjectsInvalidQueue", "EnqueueReleaseGLObjectsBadObjectList",
       "EnqueueReleaseGLObjectsInvalidMem", "EnqueueReleaseGLObjectsNotGLContext",
       "EnqueueReleaseGLObjectsInvalidWaitList"}};
  cl_mem bad = not_a_mem();
  for (const Case& c : cases) {
    EXPECT_RULE(c.fn(released_queue(), 1, &buffer, 0, nullptr, nullptr), CL_INVALID_COMMAND_QUEUE,
                c.invalid_queue);
    EXPECT_RULE(c.fn(queue, 0, &buffer, 0, nullptr, nullptr), CL_INVALID_VALUE, c.bad_list);
    EXPECT_RULE(c.fn(queue, 1, nullptr, 0, nullptr, nullptr), CL_INVALID_VALUE, c.bad_list);
    EXPECT_RULE(c.fn(queue, 1, &bad, 0, nullptr, nullptr), CL_INVALID_MEM_OBJECT, c.invalid_mem);
    EXPECT_RULE(c.fn(queue, 1, &buffer, 0, nullptr, nullptr), CL_INVALID_CONTEXT,
                c.not_gl_context);
    EXPECT_RULE(c.fn(queue, 0, nullptr, 1, nullptr, nullptr), CL_INVALID_EVENT_WAIT_LIST,
                c.invalid_wait_list);
    cl_event done = nullptr;
    ASSERT_EQ(c.fn(queue, 0, nullptr, 0, nullptr, &done), CL_SUCCESS);
    ASSERT_EQ(clWaitForEvents(1, &done), CL_SUCCESS);
    EXPECT_EQ(command_type(done), c.type);
    EXPECT_EQ(status(done), CL_COMPLETE);
    clReleaseEvent(done);
  }
}

// clGetGLContextInfoKHR: a GL context the platform cannot share with, a CGL share group, two
// window-system bindings, an unknown property name, an unknown param_name; and, with no GL
// context named, no corresponding device: success with param_value_size_ret = 0.
TEST_F(Sharing, GetGLContextInfoKHR) {
  auto p = reinterpret_cast<cl_context_properties>(platform);
  const cl_context_properties gl[] = {CL_CONTEXT_PLATFORM, p, CL_GL_CONTEXT_KHR, 1, 0};
  const cl_context_properties cgl[] = {CL_CONTEXT_PLATFORM, p, CL_CGL_SHAREGROUP_KHR, 1, 0};
  const cl_context_properties two[] = {CL_CONTEXT_PLATFORM, p, CL_GLX_DISPLAY_KHR, 1,
                                       CL_EGL_DISPLAY_KHR, 1, 0};
  const cl_context_properties unknown[] = {CL_CONTEXT_PLATFORM, p, 0x7777, 1, 0};
  const cl_context_properties glx[] = {CL_CONTEXT_PLATFORM, p, CL_GLX_DISPLAY_KHR, 1, 0};
  const cl_context_properties plain[] = {CL_CONTEXT_PLATFORM, p, 0};
  cl_device_id found = nullptr;
  size_t size = 99;
  EXPECT_RULE(clGetGLContextInfoKHR(gl, CL_DEVICES_FOR_GL_CONTEXT_KHR, sizeof found, &found, &size),
              CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR, "GetGLContextInfoKHRInvalidShareGroupReference");
  EXPECT_RULE(clGetGLContextInfoKHR(cgl, CL_DEVICES_FOR_GL_CONTEXT_KHR, sizeof found, &found, &size),
              CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR, "GetGLContextInfoKHRInvalidCglShareGroup");
  EXPECT_RULE(clGetGLContextInfoKHR(two, CL_DEVICES_FOR_GL_CONTEXT_KHR, sizeof found, &found, &size),
              CL_INVALID_OPERATION, "GetGLContextInfoKHRBindingConflict");
  EXPECT_RULE(clGetGLContextInfoKHR(glx, CL_DEVICES_FOR_GL_CONTEXT_KHR, sizeof found, &found, &size),
              CL_INVALID_OPERATION, "GetGLContextInfoKHRBindingConflict");
  EXPECT_RULE(clGetGLContextInfoKHR(unknown, CL_DEVICES_FOR_GL_CONTEXT_KHR, sizeof found, &found,
                                    &size),
              CL_INVALID_VALUE, "GetGLContextInfoKHRInvalidPropertyName");
  EXPECT_RULE(clGetGLContextInfoKHR(plain, 0x7777, sizeof found, &found, &size), CL_INVALID_VALUE,
              "GetGLContextInfoKHRBadParam");
  for (cl_gl_context_info param : {CL_CURRENT_DEVICE_FOR_GL_CONTEXT_KHR, CL_DEVICES_FOR_GL_CONTEXT_KHR}) {
    size = 99;
    EXPECT_EQ(clGetGLContextInfoKHR(plain, param, sizeof found, &found, &size), CL_SUCCESS);
    EXPECT_EQ(size, 0u);
  }
}

// cl_khr_egl_image clCreateFromEGLImageKHR: the context, "CL_INVALID_VALUE if properties
// contains invalid values ... or if flags are not in the set defined above", then
// "CL_INVALID_OPERATION if there are no devices in context that support images" (the device
// under CLVET_IMAGES=0).
TEST_F(Sharing, CreateFromEGLImageKHR) {
  WithoutImages no_images;
  cl_int err;
  CLeglDisplayKHR display = &err;
  CLeglImageKHR image = &err;
  EXPECT_RULE_ERRCODE(clCreateFromEGLImageKHR(released_context(), display, image, CL_MEM_READ_ONLY,
                                              nullptr, &err),
                      err, CL_INVALID_CONTEXT, "CreateFromEGLImageKHRInvalidContext");
  const cl_egl_image_properties_khr props[] = {0x1234, 1, 0};
  EXPECT_RULE_ERRCODE(clCreateFromEGLImageKHR(context, display, image, CL_MEM_READ_ONLY, props, &err),
                      err, CL_INVALID_VALUE, "CreateFromEGLImageKHRInvalidValue");
  EXPECT_RULE_ERRCODE(clCreateFromEGLImageKHR(context, display, image, CL_MEM_USE_HOST_PTR, nullptr,
                                              &err),
                      err, CL_INVALID_VALUE, "CreateFromEGLImageKHRInvalidValue");
  EXPECT_RULE_ERRCODE(clCreateFromEGLImageKHR(context, display, image, CL_MEM_READ_ONLY, nullptr,
                                              &err),
                      err, CL_INVALID_OPERATION, "CreateFromEGLImageKHRNoImageSupport");
}

// cl_khr_egl_image clEnqueueAcquireEGLObjectsKHR / clEnqueueReleaseEGLObjectsKHR: the queue,
// the object list, "CL_INVALID_MEM_OBJECT if memory objects in mem_objects are not valid OpenCL
// memory objects in the context associated with command_queue", "CL_INVALID_EGL_OBJECT_KHR if
// memory objects in mem_objects have not been created from EGL resources", the wait list; and
// nothing to do succeeds.
TEST_F(Sharing, AcquireReleaseEGLObjects) {
  using Fn = cl_int(CL_API_CALL*)(cl_command_queue, cl_uint, const cl_mem*, cl_uint,
                                  const cl_event*, cl_event*);
  struct Case {
    Fn fn;
    cl_command_type type;
    const char *invalid_queue, *bad_list, *invalid_mem, *invalid_wait_list, *not_egl_object;
  };
  const Case cases[] = {
      {clEnqueueAcquireEGLObjectsKHR, CL_COMMAND_ACQUIRE_EGL_OBJECTS_KHR,
       "EnqueueAcquireEGLObjectsKHRInvalidQueue", "EnqueueAcquireEGLObjectsKHRBadObjectList",
       "EnqueueAcquireEGLObjectsKHRInvalidMem", "EnqueueAcquireEGLObjectsKHRInvalidWaitList",
       "EnqueueAcquireEGLObjectsKHRNotEGLObject"},
      {clEnqueueReleaseEGLObjectsKHR, CL_COMMAND_RELEASE_EGL_OBJECTS_KHR,
       "EnqueueReleaseEGLObjectsKHRInvalidQueue", "EnqueueReleaseEGLObjectsKHRBadObjectList",
       "EnqueueReleaseEGLObjectsKHRInvalidMem", "EnqueueReleaseEGLObjectsKHRInvalidWaitList",
       "EnqueueReleaseEGLObjectsKHRNotEGLObject"}};
  cl_int err;
  cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem foreign = clCreateBuffer(other, CL_MEM_READ_WRITE, 64, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem bad = not_a_mem();
  for (const Case& c : cases) {
    EXPECT_RULE(c.fn(released_queue(), 1, &buffer, 0, nullptr, nullptr), CL_INVALID_COMMAND_QUEUE,
                c.invalid_queue);
    EXPECT_RULE(c.fn(queue, 0, &buffer, 0, nullptr, nullptr), CL_INVALID_VALUE, c.bad_list);
    EXPECT_RULE(c.fn(queue, 1, &bad, 0, nullptr, nullptr), CL_INVALID_MEM_OBJECT, c.invalid_mem);
    EXPECT_RULE(c.fn(queue, 1, &foreign, 0, nullptr, nullptr), CL_INVALID_MEM_OBJECT,
                c.invalid_mem);
    EXPECT_RULE(c.fn(queue, 0, nullptr, 1, nullptr, nullptr), CL_INVALID_EVENT_WAIT_LIST,
                c.invalid_wait_list);
    EXPECT_RULE(c.fn(queue, 1, &buffer, 0, nullptr, nullptr), CL_INVALID_EGL_OBJECT_KHR,
                c.not_egl_object);
    // Ordered after a user event: the empty command waits for it, then completes.
    cl_event done = nullptr;
    cl_event gate = clCreateUserEvent(context, &err);
    ASSERT_EQ(c.fn(queue, 0, nullptr, 1, &gate, &done), CL_SUCCESS);
    EXPECT_EQ(command_type(done), c.type);
    EXPECT_GT(status(done), CL_COMPLETE);
    clSetUserEventStatus(gate, CL_COMPLETE);
    ASSERT_EQ(clWaitForEvents(1, &done), CL_SUCCESS);
    EXPECT_EQ(status(done), CL_COMPLETE);
    clReleaseEvent(done);
    clReleaseEvent(gate);
  }
  clReleaseMemObject(foreign);
  clReleaseContext(other);
}

}  // namespace
}  // namespace clvet::test
