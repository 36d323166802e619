# gen --stats --jobs: seeds generated side by side print exactly what one job prints.
execute_process(COMMAND ${EXE} gen --stats --seeds 150 --jobs 1
  RESULT_VARIABLE rc1 OUTPUT_VARIABLE out1 ERROR_VARIABLE err1)
execute_process(COMMAND ${EXE} gen --stats --seeds 150 --jobs 2
  RESULT_VARIABLE rc2 OUTPUT_VARIABLE out2 ERROR_VARIABLE err2)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "gen --stats exited with ${rc1} and ${rc2}\n${err1}\n${err2}")
endif()
if(NOT out1 MATCHES "^seeds 150\nfloors 1950 ")
  message(FATAL_ERROR "not the stats of 150 seeds:\n${out1}")
endif()
if(NOT out1 STREQUAL out2 OR NOT err1 STREQUAL err2)
  message(FATAL_ERROR "the output differs with --jobs 2:\n${out1}${err1}\n---\n${out2}${err2}")
endif()
