/* sha256_test.c — SHA-256 against the FIPS 180-4 examples, across block
 * boundaries, and of a file. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/tmp_text.h"
#include "util/sha256.h"

Test(sha256, fips_examples)
{
    char h[BWM_SHA256_HEX];
    bwm_sha256_of("", 0, h);
    cr_assert_str_eq(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    bwm_sha256_of("abc", 3, h);
    cr_assert_str_eq(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    bwm_sha256_of(two, strlen(two), h);
    cr_assert_str_eq(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

Test(sha256, pieces_equal_whole)
{
    char text[1000], whole[BWM_SHA256_HEX], parts[BWM_SHA256_HEX];
    for (size_t i = 0; i < sizeof text; i++)
        text[i] = (char)('a' + i % 26);
    bwm_sha256_of(text, sizeof text, whole);
    bwm_sha256 s;
    bwm_sha256_init(&s);
    for (size_t at = 0, step = 1; at < sizeof text; at += step, step = step * 2 % 97 + 1)
        bwm_sha256_update(&s, text + at, at + step > sizeof text ? sizeof text - at : step);
    bwm_sha256_hex(&s, parts);
    cr_assert_str_eq(parts, whole);
    /* a million 'a' (FIPS 180-4's long example) in 1000-byte pieces */
    memset(text, 'a', sizeof text);
    bwm_sha256_init(&s);
    for (int i = 0; i < 1000; i++)
        bwm_sha256_update(&s, text, sizeof text);
    bwm_sha256_hex(&s, parts);
    cr_assert_str_eq(parts, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

Test(sha256, file_and_missing_file)
{
    char path[BWM_TMP_PATH_MAX], h[BWM_SHA256_HEX];
    bwm_write_tmp(path, "abc");
    bwm_err err;
    cr_assert_eq(bwm_sha256_file(path, h, &err), 0);
    cr_assert_str_eq(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    unlink(path);
    cr_assert_eq(bwm_sha256_file(path, h, &err), 2);
    cr_assert(strstr(err.msg, path));
}
