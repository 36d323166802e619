# autoplay --jobs: games played side by side print exactly what one job prints, in seed order
# (the JSON lines and the totals line), and record the same recordings byte for byte.
set(one ${WORK}/autoplay_jobs_1)
set(many ${WORK}/autoplay_jobs_3)
file(REMOVE_RECURSE ${one} ${many})
execute_process(COMMAND ${EXE} autoplay --seed 40 --games 7 --max-turns 2500 --jobs 1 --record ${one}
  RESULT_VARIABLE rc1 OUTPUT_VARIABLE out1 ERROR_VARIABLE err1)
execute_process(COMMAND ${EXE} autoplay --seed 40 --games 7 --max-turns 2500 --jobs 3 --record ${many}
  RESULT_VARIABLE rc3 OUTPUT_VARIABLE out3 ERROR_VARIABLE err3)
if(NOT rc1 EQUAL 0 OR NOT rc3 EQUAL 0)
  message(FATAL_ERROR "autoplay exited with ${rc1} and ${rc3}\n${err1}\n${err3}")
endif()
if(NOT out1 STREQUAL out3)
  message(FATAL_ERROR "the JSON lines differ with --jobs 3:\n${out1}\n---\n${out3}")
endif()
if(NOT err1 STREQUAL err3)
  message(FATAL_ERROR "the totals differ with --jobs 3:\n${err1}\n---\n${err3}")
endif()
string(REGEX MATCHALL "\"seed\":[0-9]+" seeds "${out1}")
list(LENGTH seeds n)
if(NOT n EQUAL 7 OR NOT out1 MATCHES "^\\{\"seed\":40,.*\"seed\":46,[^\n]*\n$")
  message(FATAL_ERROR "expected 7 games, seeds 40..46 in order:\n${out1}")
endif()
foreach(seed RANGE 40 46)
  file(READ ${one}/seed-${seed}.mkrec a)
  file(READ ${many}/seed-${seed}.mkrec b)
  string(REGEX REPLACE "\"date\":\"[^\"]*\"" "" a "${a}") # made a moment apart
  string(REGEX REPLACE "\"date\":\"[^\"]*\"" "" b "${b}")
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "seed ${seed}: the recordings differ with --jobs 3")
  endif()
endforeach()
file(REMOVE_RECURSE ${one} ${many})
# More games than the ring of games waiting to be printed holds (16 a job: 48 for 3 jobs), so
# each slot serves several games: still the bytes of one job.
execute_process(COMMAND ${EXE} autoplay --seed 1000 --games 150 --max-turns 300 --jobs 1
  RESULT_VARIABLE rc1 OUTPUT_VARIABLE out1 ERROR_VARIABLE err1)
execute_process(COMMAND ${EXE} autoplay --seed 1000 --games 150 --max-turns 300 --jobs 3
  RESULT_VARIABLE rc3 OUTPUT_VARIABLE out3 ERROR_VARIABLE err3)
string(REGEX MATCHALL "\"seed\":[0-9]+" seeds "${out3}")
list(LENGTH seeds n)
if(NOT rc1 EQUAL 0 OR NOT rc3 EQUAL 0 OR NOT n EQUAL 150 OR NOT out1 STREQUAL out3
   OR NOT err1 STREQUAL err3)
  message(FATAL_ERROR "150 games differ with --jobs 3 (${rc1}, ${rc3}, ${n} lines):\n${err1}\n${err3}")
endif()
