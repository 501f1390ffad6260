"""Facts about this build of ChainerX (read by ``chainerx.is_available``)."""

build_chainerx = True
