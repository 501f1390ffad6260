"""`cc_tests`: one googletest cc_test per `*_test.cc` file.

    cc_tests(
        srcs = glob(["*_test.cc"]),
        deps = [":core"],
    )

makes e.g. `array_test` from array_test.cc, linked with gtest_main (so no main() in the file).
Extra keyword arguments (data, tags, size, target_compatible_with, ...) go to every cc_test.
"""

load("//tools:copts.bzl", "CHAINERX_COPTS")

def cc_tests(srcs, deps = [], copts = [], size = "small", main = "@gtest_sys//:gtest_main", **kwargs):
    for src in srcs:
        if not src.endswith("_test.cc"):
            fail("cc_tests: %s does not end with _test.cc" % src)
        native.cc_test(
            name = src[:-len(".cc")].split("/")[-1],
            srcs = [src],
            deps = deps + [main],
            copts = CHAINERX_COPTS + copts,
            size = size,
            **kwargs
        )
