# autoplay --record: the JSON lines are the same bytes with and without it, and each game's
# recording (DIR/seed-S.mkrec) replays with every checksum matching, to the same turn.
set(dir ${WORK}/autoplay_record)
file(REMOVE_RECURSE ${dir})
execute_process(COMMAND ${EXE} autoplay --seed 7 --games 3 --max-turns 3000
  RESULT_VARIABLE rc1 OUTPUT_VARIABLE plain ERROR_VARIABLE err1)
execute_process(COMMAND ${EXE} autoplay --seed 7 --games 3 --max-turns 3000 --record ${dir}
  RESULT_VARIABLE rc2 OUTPUT_VARIABLE recorded ERROR_VARIABLE err2)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "autoplay exited with ${rc1} and ${rc2}\n${err1}\n${err2}")
endif()
if(NOT plain STREQUAL recorded)
  message(FATAL_ERROR "the JSON differs with --record:\n${plain}\n---\n${recorded}")
endif()
foreach(seed 7 8 9)
  string(REGEX MATCH "\"seed\":${seed},[^\n]*\"turns\":([0-9]+)" line "${plain}")
  set(turns ${CMAKE_MATCH_1})
  execute_process(COMMAND ${EXE} replay --verify ${dir}/seed-${seed}.mkrec
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "seed-${seed}.mkrec: [0-9]+ commands, ${turns} turns, .* checksums match\n$")
    message(FATAL_ERROR "seed ${seed} (${turns} turns): status ${rc}\n${out}${err}")
  endif()
endforeach()
file(REMOVE_RECURSE ${dir})
