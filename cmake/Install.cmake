# Install.cmake — what "cmake --install" puts under the prefix:
#   bin/bwmpki
#   share/bwmpki/            the data folder (applications, configs, workloads),
#                            which bwmpki finds relative to itself
#   lib/libbwm_*.a, include/bwmpki/{util,io,model,sim,fit}/*.h
#   lib/pkgconfig/bwmpki-model.pc (the closed-form engine alone: model/ + util/)
#   lib/pkgconfig/bwmpki.pc       (every library)
#   lib/cmake/bwmpki/             a CMake package: find_package(bwmpki) gives
#                                 bwmpki::bwm_model, bwmpki::bwm_sim, ...
#   share/man/man1/bwmpki.1, share/bash-completion/completions/bwmpki
install(TARGETS bwmpki RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(DIRECTORY "${CMAKE_SOURCE_DIR}/data/" DESTINATION "${CMAKE_INSTALL_DATADIR}/bwmpki")
install(EXPORT bwmpkiTargets NAMESPACE bwmpki:: DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/bwmpki")

include(CMakePackageConfigHelpers)
configure_package_config_file("${CMAKE_SOURCE_DIR}/cmake/bwmpkiConfig.cmake.in"
                              "${CMAKE_BINARY_DIR}/bwmpkiConfig.cmake"
                              INSTALL_DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/bwmpki")
write_basic_package_version_file("${CMAKE_BINARY_DIR}/bwmpkiConfigVersion.cmake"
                                 COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/bwmpkiConfig.cmake" "${CMAKE_BINARY_DIR}/bwmpkiConfigVersion.cmake"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/bwmpki")

file(RELATIVE_PATH BWM_PC_TO_PREFIX "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig" "${CMAKE_INSTALL_PREFIX}")
foreach(pc bwmpki bwmpki-model)
  configure_file("${CMAKE_SOURCE_DIR}/cmake/${pc}.pc.in" "${CMAKE_BINARY_DIR}/${pc}.pc" @ONLY)
  install(FILES "${CMAKE_BINARY_DIR}/${pc}.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
endforeach()

# The man page is made from the built executable's own --help texts.
add_custom_command(OUTPUT "${CMAKE_BINARY_DIR}/bwmpki.1"
                   COMMAND sh "${CMAKE_SOURCE_DIR}/scripts/manpage.sh" "$<TARGET_FILE:bwmpki>"
                           "${CMAKE_BINARY_DIR}/bwmpki.1"
                   DEPENDS bwmpki "${CMAKE_SOURCE_DIR}/scripts/manpage.sh" VERBATIM)
add_custom_target(bwm_manpage ALL DEPENDS "${CMAKE_BINARY_DIR}/bwmpki.1")
install(FILES "${CMAKE_BINARY_DIR}/bwmpki.1" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
install(FILES "${CMAKE_SOURCE_DIR}/scripts/bwmpki-completion.bash"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions" RENAME bwmpki)
