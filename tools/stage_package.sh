# Sourced by tools/pytest_staged.sh and tools/fuzz.sh: stage_package STAGE_DIR REPO CORE_SO copies what
# //chainerx:chainerx_pkg, //chainer and //chainermn ship (the Python sources, the type stubs and py.typed) and the built
# extension into STAGE_DIR, so that Python imports both packages from there with no Bazel involved.
stage_package() {
    local stage="$1" repo="$2" core="$3"
    if [[ ! -f "$core" ]]; then
        echo "$(basename "$0"): $core is missing; run: bazel build //chainerx:_core.so" >&2
        return 1
    fi
    (cd "$repo" && find chainerx chainer chainermn \( -name '*.py' -o -name '*.pyi' -o -name py.typed \) -not -path '*/__pycache__/*' \
        -print0 | xargs -0 cp --parents -t "$stage")
    cp "$core" "$stage/chainerx/_core.so"  # another build (CHAINERX_CORE_SO) may have another file name
}
